import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  announcement,
  baseType,
  chooseRecordingType,
  IDLE,
  isActive,
  MIC_ANSWER_TIMEOUT_MS,
  MicError,
  micProblem,
  nearTheEnd,
  timeIsUp,
  voiceReducer,
  withTimeout,
  type VoiceEvent,
  type VoiceState,
} from '../../../../../src/features/conversation/compose/voice-recording.ts';

const run = (events: VoiceEvent[], from: VoiceState = IDLE) => events.reduce(voiceReducer, from);

describe('the recording type', () => {
  it.each([
    ['Android Chrome', ['audio/webm;codecs=opus', 'audio/webm'], 'audio/webm;codecs=opus'],
    ['Safari (no Opus recording)', ['audio/mp4', 'audio/mp4;codecs=mp4a.40.2'], 'audio/mp4;codecs=mp4a.40.2'],
    ['Safari offering only plain MP4', ['audio/mp4'], 'audio/mp4'],
    ['a browser that lists nothing (it chooses)', [], undefined],
  ])('%s records %s', (_browser, supported: string[], chosen) => {
    expect(chooseRecordingType((type) => supported.includes(type))).toBe(chosen);
  });

  it('treats an isTypeSupported that throws as not supported', () => {
    expect(
      chooseRecordingType((type) => {
        if (type.startsWith('audio/webm')) throw new Error('no');
        return true;
      }),
    ).toBe('audio/mp4;codecs=mp4a.40.2');
  });

  it.each([
    ['audio/webm;codecs=opus', 'audio/webm'],
    ['audio/mp4; codecs="mp4a.40.2"', 'audio/mp4'],
    ['Audio/WebM', 'audio/webm'],
    ['audio/webm', 'audio/webm'],
  ])('keeps %s as the attachment type %s', (mimeType, type) => {
    expect(baseType(mimeType)).toBe(type);
  });
});

describe('what a microphone failure means', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'no-microphone'],
    ['OverconstrainedError', 'no-microphone'],
    ['NotReadableError', 'busy'],
    ['NotSupportedError', 'unsupported'],
    ['UnknownError', 'broken'],
  ])('%s is %s', (name, problem) => {
    expect(micProblem(new DOMException('x', name))).toBe(problem);
  });

  it('keeps the problem a MicError already names', () => {
    expect(micProblem(new MicError('no-answer'))).toBe('no-answer');
  });
});

describe('waiting for a permission prompt', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up with no-answer when the prompt is never answered, and stops a microphone granted too late', async () => {
    vi.useFakeTimers();
    let grant: (value: string) => void = () => {};
    const late = vi.fn();
    const waiting = withTimeout(new Promise<string>((resolve) => (grant = resolve)), MIC_ANSWER_TIMEOUT_MS, late);
    const outcome = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(MIC_ANSWER_TIMEOUT_MS);
    expect(micProblem(await outcome)).toBe('no-answer');
    grant('stream');
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toHaveBeenCalledWith('stream');
  });

  it('passes an answer in time through, and a refusal as it is', async () => {
    const late = vi.fn();
    await expect(withTimeout(Promise.resolve('stream'), 1000, late)).resolves.toBe('stream');
    const refused = withTimeout(Promise.reject(new DOMException('no', 'NotAllowedError')), 1000, late);
    expect(micProblem(await refused.catch((error: unknown) => error))).toBe('denied');
    expect(late).not.toHaveBeenCalled();
  });
});

describe('a recording, step by step', () => {
  it('asks, records, counts time from its own clock, stops and keeps the note', () => {
    const recording = run([
      { type: 'ask', mode: 'tap' },
      { type: 'started', at: 1000 },
      { type: 'tick', now: 13_400 },
    ]);
    expect(recording).toEqual({ status: 'recording', mode: 'tap', startedAt: 1000, elapsedMs: 12_400 });
    expect(isActive(recording)).toBe(true);
    expect(announcement(recording)).toEqual({ kind: 'recording', atMs: 10_000 });
    const stopping = voiceReducer(recording, { type: 'stop', now: 13_500 });
    expect(stopping).toEqual({ status: 'stopping', durationMs: 12_500 });
    expect(voiceReducer(stopping, { type: 'kept' })).toEqual(IDLE);
  });

  it('warns 10 seconds before 2 minutes and is up at 2 minutes, never longer', () => {
    const at = (ms: number) =>
      run([
        { type: 'ask', mode: 'hold' },
        { type: 'started', at: 0 },
        { type: 'tick', now: ms },
      ]);
    expect(nearTheEnd(at(109_999))).toBe(false);
    expect(nearTheEnd(at(110_000))).toBe(true);
    expect(announcement(at(110_000))).toEqual({ kind: 'warning' });
    expect(timeIsUp(at(119_999))).toBe(false);
    expect(timeIsUp(at(120_000))).toBe(true);
    expect(voiceReducer(at(125_000), { type: 'stop', now: 125_000 })).toEqual({
      status: 'stopping',
      durationMs: 120_000,
    });
  });

  it.each([
    ['while asking', [{ type: 'ask', mode: 'tap' }]],
    [
      'while recording',
      [
        { type: 'ask', mode: 'hold' },
        { type: 'started', at: 0 },
      ],
    ],
  ] as [string, VoiceEvent[]][])('cancels %s, and says so', (_when, events) => {
    const cancelled = run([...events, { type: 'cancel' }]);
    expect(cancelled).toEqual({ status: 'idle', cancelled: true });
    expect(announcement(cancelled)).toEqual({ kind: 'cancelled' });
    expect(isActive(cancelled)).toBe(false);
  });

  it('fails with its problem and may be tried again', () => {
    const failed = run([
      { type: 'ask', mode: 'tap' },
      { type: 'failed', problem: 'denied' },
    ]);
    expect(failed).toEqual({ status: 'failed', problem: 'denied' });
    expect(voiceReducer(failed, { type: 'ask', mode: 'tap' })).toEqual({ status: 'asking', mode: 'tap' });
  });

  it('ignores events that do not belong to the state', () => {
    expect(run([{ type: 'started', at: 5 }, { type: 'stop', now: 9 }, { type: 'kept' }, { type: 'cancel' }])).toEqual(
      IDLE,
    );
    const recording = run([
      { type: 'ask', mode: 'tap' },
      { type: 'started', at: 0 },
    ]);
    expect(voiceReducer(recording, { type: 'ask', mode: 'hold' })).toBe(recording);
  });
});
