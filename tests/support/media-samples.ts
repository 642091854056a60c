import { randomBytes } from 'node:crypto';

/**
 * The first bytes of real files of each kind a parent may attach, written
 * out from the formats' specifications (and recognised as such by
 * `file-type`, see tests/unit/shared/rules/attachment-sniff.test.ts), plus
 * content an attacker would rename. Tests pad them with random bytes to any
 * size, so every sample is a new file to the server.
 */
type Part = string | number[];

function bytes(...parts: Part[]): Buffer {
  return Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ftyp = (major: string, ...compatible: string[]) =>
  bytes(u32(16 + 4 * compatible.length), 'ftyp', major, u32(0), ...compatible);
/** An EBML header whose DocType is `docType`, as Chromium's MediaRecorder writes it. */
const ebml = (docType: string) =>
  bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04],
    [0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x80 | docType.length],
    docType,
    [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
  );
const mp3Frame = [0xff, 0xfb, 0x90, 0x64, ...Array<number>(413).fill(0)];
const wav = bytes(
  'RIFF',
  [0x24, 0x08, 0, 0],
  'WAVEfmt ',
  [16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0],
);
const ogg = bytes('OggS', [0, 2], Array<number>(20).fill(0), [1, 0x1e], [1], 'vorbis', [0, 0, 0, 0, 1]);

/** One sample head per allowed type (aliases share their format's head). */
export const MEDIA_HEADS = {
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  // The signature, a 1x1 IHDR chunk with its CRC, and the header of the first IDAT chunk.
  'image/png': bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32(13),
    'IHDR',
    u32(1),
    u32(1),
    [8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
    u32(13),
    'IDAT',
  ),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0x18, 0, 0, 0, 0x30, 0x01, 0, 0x9d, 0x01, 0x2a]),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]),
  'image/heic': ftyp('heic', 'mif1', 'heic'),
  'image/heif': ftyp('mif1', 'mif1', 'heic'),
  'video/mp4': ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'),
  'video/webm': ebml('webm'),
  'video/quicktime': ftyp('qt  ', 'qt  '),
  'video/3gpp': ftyp('3gp4', 'isom', '3gp4'),
  'audio/mpeg': bytes('ID3', [3, 0, 0, 0, 0, 0, 0], mp3Frame),
  'audio/mp3': bytes(mp3Frame),
  'audio/mp4': ftyp('M4A ', 'M4A ', 'mp42', 'isom'),
  'audio/x-m4a': ftyp('M4A ', 'M4A ', 'mp42', 'isom'),
  'audio/aac': bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc], Array<number>(9).fill(0)),
  'audio/ogg': ogg,
  'audio/webm': ebml('webm'),
  'audio/wav': wav,
  'audio/x-wav': wav,
  'audio/wave': wav,
} as const;

export type SampleType = keyof typeof MEDIA_HEADS;

/** Content that must never pass as media, whatever type it declares. */
export const HOSTILE_HEADS = {
  'an HTML page': bytes('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
  'an SVG image with a script': bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  'an XML-declared SVG': bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
  'a PDF': bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj'),
  'a ZIP archive': bytes('PK', [3, 4, 20, 0, 0, 0, 8, 0], Array<number>(22).fill(0)),
  'a Windows program': bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
  'a Matroska video': ebml('matroska'),
  'plain text': bytes('Hello, this is not a photo at all.'),
} as const;

/** A file of `size` bytes (at least the head) of the given type, random after its head. */
export function sampleFile(type: SampleType, size = 2048): Buffer {
  const head = MEDIA_HEADS[type];
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}
