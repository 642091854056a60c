/**
 * The first 64 bytes of a real recording: Debian Chromium 156's MediaRecorder,
 * `audio/webm;codecs=opus` at 24 kbit/s, mono, from the fake microphone of
 * tests/support/voice.ts. An EBML header (1A 45 DF A3) whose DocType "webm"
 * sits at offset 24, then a Segment of unknown size (01 FF FF FF FF FF FF FF),
 * as a recorder that cannot seek back writes it.
 */
export const CHROMIUM_RECORDED_WEBM_HEAD = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff1549a966992ad7b1830f42404d808643',
  'hex',
);

/** A whole "recording": the real head, then filler standing for the Opus clusters. */
export function recordedWebm(size = 4_000): Buffer {
  const bytes = Buffer.alloc(size, 0x55);
  CHROMIUM_RECORDED_WEBM_HEAD.copy(bytes);
  return bytes;
}
