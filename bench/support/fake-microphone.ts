import { renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const RATE = 48_000;

/** A mono 48 kHz 16-bit PCM WAV of `seconds` of a 440 Hz tone under a little noise: enough for Opus to work on. */
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
 * Launch options for a Chromium whose microphone plays this WAV once
 * (`%noloop`), granted without a prompt. Chromium reads the file at launch,
 * so a browser is launched with them rather than a context: the full
 * Chromium with the usual flags unless others are named (the tests' headless
 * shell). The file is written whole under another name and then renamed, so a
 * browser another process launches meanwhile never reads half of it.
 */
export function fakeMicrophone(seconds: number, executablePath = CHROMIUM_PATH, flags = CHROMIUM_ARGS) {
  const file = join(tmpdir(), `thrive-voice-${seconds}s.wav`);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, toneWav(seconds));
  renameSync(partial, file);
  return {
    executablePath,
    args: [
      ...flags,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}%noloop`,
    ],
  };
}
