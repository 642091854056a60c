/**
 * The data saver's worker in a screen test. The test DOM decodes no image, so the worker the chat starts
 * (src/features/conversation/compose/shrink-photo.worker.ts) is stood in for by one that speaks its protocol: it
 * answers each photo with what `answerPhotos` names, a smaller JPEG copy or null (what the real one answers when the
 * browser cannot decode or encode the photo). The real decode, orientation and re-encode stay with the browser suite
 * (tests/e2e/chat-data-saver.spec.ts).
 */
import { vi } from 'vitest';
import type { ShrinkRequest, ShrinkResponse } from '../../../src/features/conversation/compose/shrink-photo.ts';
import { sampleFile } from '../media-samples.ts';

/** What the stand-in answers for a photo: the copy's bytes, or null for a photo it cannot decode. */
type Answer = (photo: Blob) => Uint8Array | null;

let answer: Answer = () => null;

/** From now on, the worker answers every photo with `next`. */
export function answerPhotos(next: Answer): void {
  answer = next;
}

/**
 * A smaller copy as the worker makes one: a JPEG of `size` bytes. It is a Blob of the test DOM, which the page's File
 * reads (the chat wraps it in one); such a copy loses its bytes in fake-indexeddb, so a test here sends originals only.
 */
export const jpegCopyOf = (size: number) => (): Uint8Array => sampleFile('image/jpeg', size);

class StandInPhotoWorker extends EventTarget {
  constructor(url: URL | string) {
    super();
    if (!String(url).includes('shrink-photo.worker')) throw new Error(`No stand-in for the worker at ${String(url)}`);
  }

  postMessage({ id, photo }: ShrinkRequest): void {
    const bytes = answer(photo);
    const data: ShrinkResponse = {
      id,
      blob: bytes === null ? null : new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    };
    // A worker answers later, never within postMessage.
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data })));
  }

  terminate(): void {}
}

/**
 * This browser can re-encode off the main thread: Worker is the stand-in (the test DOM has OffscreenCanvas and
 * createImageBitmap already). The chat keeps the worker it started for the rest of the file, and the stand-in reads
 * `answerPhotos` at each photo, so every test says what it answers.
 */
export function photoWorkerAvailable(): void {
  vi.stubGlobal('Worker', StandInPhotoWorker);
}
