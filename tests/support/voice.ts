import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../bench/chromium.ts';

const RATE = 48_000;

/** A mono 48 kHz 16-bit PCM WAV of `seconds` of a 440 Hz tone under a little noise: speech-like enough for Opus. */
export function toneWav(seconds: number): Buffer {
  const samples = Math.round(RATE * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  let seed = 7;
  for (let i = 0; i < samples; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = ((seed >> 16) / 32768 - 0.5) * 0.1;
    const value = 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE) + noise;
    wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), 44 + i * 2);
  }
  return wav;
}

/**
 * Launch options for a Chromium whose microphone is this WAV, granted
 * without a prompt (the file is fixed at launch, so a spec sets them with
 * `test.use`, in a worker of its own).
 */
export function fakeMicrophone(seconds: number) {
  const file = join(tmpdir(), `thrive-voice-${seconds}s.wav`);
  writeFileSync(file, toneWav(seconds));
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}%noloop`,
    ],
  };
}

/** Keeps every stream the page opens, so a test can see that each of its tracks was stopped. */
export async function watchMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { openedStreams: MediaStream[] }).openedStreams = streams;
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** The microphone answers as a refusal would: the person (or the site settings) said no. */
export async function refuseMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
}

/** How many tracks were opened, and how many are still live. */
export async function microphoneTracks(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const tracks = (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((stream) =>
      stream.getTracks(),
    );
    return { opened: tracks.length, live: tracks.filter((track) => track.readyState === 'live').length };
  });
}

/** The length in seconds of a recording, decoded by the browser itself (a recorder's WebM header says nothing). */
export async function decodedSeconds(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const audio = new OfflineAudioContext(1, 48_000, 48_000);
    return (await audio.decodeAudioData(data.buffer)).duration;
  }, bytes.toString('base64'));
}
