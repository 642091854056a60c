/**
 * The voice recorder's rules, apart from the browser: which format to ask
 * MediaRecorder for, what a failure to open the microphone means for the
 * parent, how long to wait for a permission prompt that may never be
 * answered, and the one state machine a recording goes through:
 *
 *   idle → asking (permission) → recording → stopping → idle (the note is kept)
 *   asking | recording | stopping → idle (cancelled)   asking | recording → failed
 *
 * Elapsed time comes from the page's own clock (a recorder's WebM reports
 * no duration), and a recording stops itself at VOICE_NOTE_MAX_MS.
 */
import { VOICE_NOTE_MAX_MS, VOICE_NOTE_WARN_MS } from '../../../shared/rules/voice-note.ts';

/** In order of preference: Opus in WebM (Android Chrome), then AAC in MP4 (Safari, which offers no Opus recording). */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4'];

/** ~180 KB a minute of speech: clear enough for a voice, small enough for slow data. */
export const RECORDING_BITS_PER_SECOND = 24_000;

/** How long a permission prompt may stay unanswered: a dismissed prompt can leave getUserMedia never settling. */
export const MIC_ANSWER_TIMEOUT_MS = 15_000;

/** The first type the browser can record, or undefined to let it choose (its choice is read back from the recorder). */
export function chooseRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** A recorder's mimeType without its parameters, as File.type and the attachment rules compare it. */
export function baseType(mimeType: string): string {
  return mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Why the microphone could not be used; each has its own text saying how to fix it. */
export type MicProblem = 'denied' | 'no-answer' | 'no-microphone' | 'busy' | 'unsupported' | 'broken';

export class MicError extends Error {
  constructor(readonly problem: MicProblem) {
    super(problem);
    this.name = 'MicError';
  }
}

/** What a getUserMedia or MediaRecorder failure means, from its DOMException name. */
export function micProblem(error: unknown): MicProblem {
  if (error instanceof MicError) return error.problem;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-microphone';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'busy';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'broken';
}

/**
 * The promise's outcome, or a 'no-answer' MicError after `ms`. A value that
 * comes after all is handed to `late` (to stop a microphone nobody will use).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, late: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new MicError('no-answer'));
    }, ms);
    promise.then(
      (value) => {
        if (timedOut) late(value);
        else {
          clearTimeout(timer);
          resolve(value);
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Tap to start and tap to stop, or hold and let go. */
export type RecordMode = 'tap' | 'hold';

export type VoiceState =
  | { status: 'idle'; cancelled: boolean }
  | { status: 'asking'; mode: RecordMode }
  | { status: 'recording'; mode: RecordMode; startedAt: number; elapsedMs: number }
  | { status: 'stopping'; durationMs: number }
  | { status: 'failed'; problem: MicProblem };

export type VoiceEvent =
  | { type: 'ask'; mode: RecordMode }
  | { type: 'started'; at: number }
  | { type: 'tick'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'kept' }
  | { type: 'cancel' }
  | { type: 'failed'; problem: MicProblem };

export const IDLE: VoiceState = { status: 'idle', cancelled: false };

export function voiceReducer(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case 'ask':
      return state.status === 'idle' || state.status === 'failed' ? { status: 'asking', mode: event.mode } : state;
    case 'started':
      return state.status === 'asking'
        ? { status: 'recording', mode: state.mode, startedAt: event.at, elapsedMs: 0 }
        : state;
    case 'tick':
      return state.status === 'recording'
        ? { ...state, elapsedMs: Math.min(VOICE_NOTE_MAX_MS, Math.max(0, event.now - state.startedAt)) }
        : state;
    case 'stop':
      return state.status === 'recording'
        ? { status: 'stopping', durationMs: Math.min(VOICE_NOTE_MAX_MS, Math.max(0, event.now - state.startedAt)) }
        : state;
    case 'kept':
      return state.status === 'stopping' ? IDLE : state;
    case 'cancel':
      return state.status === 'asking' || state.status === 'recording' || state.status === 'stopping'
        ? { status: 'idle', cancelled: true }
        : state;
    case 'failed':
      return state.status === 'asking' || state.status === 'recording'
        ? { status: 'failed', problem: event.problem }
        : state;
  }
}

/** The microphone is (or is about to be) on: the button shows pressed. */
export const isActive = (state: VoiceState): boolean =>
  state.status === 'asking' || state.status === 'recording' || state.status === 'stopping';

/** Time is up: the recording stops itself. */
export const timeIsUp = (state: VoiceState): boolean =>
  state.status === 'recording' && state.elapsedMs >= VOICE_NOTE_MAX_MS;

/** The last 10 seconds: the warning shows. */
export const nearTheEnd = (state: VoiceState): boolean =>
  state.status === 'recording' && state.elapsedMs >= VOICE_NOTE_WARN_MS;

/**
 * What the polite live region says: the recording every 10 seconds (not each
 * second, which would talk over the parent), the warning, and a cancel.
 */
export type Announcement =
  | { kind: 'recording'; atMs: number }
  | { kind: 'warning' }
  | { kind: 'cancelled' }
  | { kind: 'none' };

export function announcement(state: VoiceState): Announcement {
  if (nearTheEnd(state)) return { kind: 'warning' };
  if (state.status === 'recording') return { kind: 'recording', atMs: Math.floor(state.elapsedMs / 10_000) * 10_000 };
  if (state.status === 'idle' && state.cancelled) return { kind: 'cancelled' };
  return { kind: 'none' };
}
