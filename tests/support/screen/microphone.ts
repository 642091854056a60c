/**
 * The microphone as the chat's recorder (src/features/conversation/compose/voice-recorder.ts) finds it in a screen
 * test. The test DOM has neither navigator.mediaDevices nor MediaRecorder; a test gives the page the ones a phone's
 * browser has, up to the point it proves: a recorder that is never reached, a getUserMedia that answers as the
 * browser would. Recording itself stays with the browser suite's fake microphone (tests/e2e/chat-voice-note.spec.ts).
 */
import { afterEach, vi } from 'vitest';

/** A MediaRecorder that a test expects never to be made. */
function UnusedMediaRecorder(): never {
  throw new Error('No recorder was expected in this test');
}
UnusedMediaRecorder.isTypeSupported = () => true;

/** The browser's getUserMedia, answered by `answer`; the spy counts what asked for the microphone. */
export function microphone(answer: () => Promise<MediaStream>) {
  const getUserMedia = vi.fn(answer);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}

/** A browser that can record: MediaRecorder is there. */
export function withMediaRecorder(): void {
  vi.stubGlobal('MediaRecorder', UnusedMediaRecorder);
}

/** The person (or the site settings) said no, as Chromium answers then. */
export const refusal = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});
