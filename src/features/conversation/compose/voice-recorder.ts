/**
 * The microphone and MediaRecorder, loaded only once the parent first taps
 * the microphone button. Guarantees: mono, at RECORDING_BITS_PER_SECOND, in
 * the first format of RECORDING_TYPES the browser offers (its real
 * mimeType kept); every track of the stream is stopped the moment the
 * recording stops or is cancelled, including a stream granted after the
 * permission prompt timed out; failures arrive as a MicError.
 */
import {
  baseType,
  chooseRecordingType,
  MIC_ANSWER_TIMEOUT_MS,
  MicError,
  micProblem,
  RECORDING_BITS_PER_SECOND,
  withTimeout,
} from './voice-recording.ts';

export interface Recording {
  /** The recorded type without parameters (audio/webm, audio/mp4). */
  readonly type: string;
  /** When the recorder started, on the page's clock. */
  readonly startedAt: number;
  /** The loudness now, 0 to 1, for the level meter. */
  level(): number;
  /** Stops the microphone at once, then resolves with every byte recorded. */
  stop(): Promise<Blob>;
  /** Stops the microphone and drops the recording. */
  cancel(): void;
}

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

function levelMeter(stream: MediaStream): { level(): number; close(): void } {
  try {
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 256;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    return {
      level() {
        analyser.getByteTimeDomainData(samples);
        let peak = 0;
        for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
        return peak / 128;
      },
      close: () => void audio.close().catch(() => undefined),
    };
  } catch {
    // No Web Audio: the recording works, the meter stays still.
    return { level: () => 0, close: () => undefined };
  }
}

export async function startRecording(onBroken: () => void): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new MicError('unsupported');
  let stream: MediaStream;
  try {
    stream = await withTimeout(
      navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      }),
      MIC_ANSWER_TIMEOUT_MS,
      stopTracks,
    );
  } catch (error) {
    throw new MicError(micProblem(error));
  }
  const chunks: Blob[] = [];
  let recorder: MediaRecorder;
  try {
    const mimeType = chooseRecordingType((type) => MediaRecorder.isTypeSupported(type));
    recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: RECORDING_BITS_PER_SECOND });
  } catch (error) {
    stopTracks(stream);
    throw new MicError(micProblem(error));
  }
  const meter = levelMeter(stream);
  const release = () => {
    stopTracks(stream);
    meter.close();
  };
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const started = new Promise<number>((resolve, reject) => {
    recorder.onstart = () => resolve(performance.now());
    recorder.onerror = () => reject(new MicError('broken'));
  });
  try {
    // Chunks every second: the bytes gather as they are made, not all at the stop.
    recorder.start(1000);
    const startedAt = await started;
    recorder.onerror = () => {
      release();
      onBroken();
    };
    return {
      type: baseType(recorder.mimeType),
      startedAt,
      level: meter.level,
      stop: () =>
        new Promise<Blob>((resolve) => {
          recorder.onstop = () => resolve(new Blob(chunks, { type: baseType(recorder.mimeType) }));
          recorder.stop();
          release();
        }),
      cancel: () => {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        if (recorder.state !== 'inactive') recorder.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw new MicError(micProblem(error));
  }
}
