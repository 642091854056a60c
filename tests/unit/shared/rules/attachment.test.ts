import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TYPES,
  displayFileName,
  FILE_NAME_MAX_LENGTH,
  isAllowedAttachmentType,
  sniffMatches,
} from '../../../../src/shared/rules/attachment.ts';
import { HOSTILE_HEADS, MEDIA_HEADS, sampleFile, type SampleType } from '../../../support/media-samples.ts';

describe('isAllowedAttachmentType', () => {
  it.each([
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'image/heic',
    'image/heif',
    'video/mp4',
    'video/webm',
    'video/quicktime',
    'video/3gpp',
    'audio/mpeg',
    'audio/mp4',
    'audio/aac',
    'audio/ogg',
    'audio/webm',
    'audio/wav',
    'audio/x-wav',
    'audio/x-m4a',
  ])('accepts %s', (type) => {
    expect(isAllowedAttachmentType(type)).toBe(true);
  });

  it.each([
    ['SVG, which can carry script', 'image/svg+xml'],
    ['a type with an empty subtype and a second type after it', 'image/;text/html'],
    ['a type with a line break inside', 'image/png\r\nX-Injected: 1'],
    ['a type with parameters', 'image/png; charset=utf-8'],
    ['a type with spaces around it', ' image/png '],
    ['upper case, which no browser reports', 'IMAGE/PNG'],
    ['a bare family', 'image/'],
    ['an unlisted image type', 'image/bmp'],
    ['an unlisted video type', 'video/x-matroska'],
    ['a document', 'application/pdf'],
    ['HTML', 'text/html'],
    ['a prototype key', '__proto__'],
    ['an empty type', ''],
  ])('refuses %s', (_case, type) => {
    expect(isAllowedAttachmentType(type)).toBe(false);
  });
});

describe('sniffMatches', () => {
  it.each(Object.keys(MEDIA_HEADS) as SampleType[])('accepts a real %s file', (type) => {
    expect(sniffMatches(type, sampleFile(type))).toBe(true);
  });

  it.each(Object.entries(HOSTILE_HEADS))('refuses %s under every allowed type', (_case, head) => {
    expect(ATTACHMENT_TYPES.filter((type) => sniffMatches(type, head))).toEqual([]);
  });

  it.each([
    ['a PNG declared as JPEG', 'image/jpeg', 'image/png'],
    ['a JPEG declared as PNG', 'image/png', 'image/jpeg'],
    ['a WAV declared as WebP', 'image/webp', 'audio/wav'],
    ['an MP4 video declared as HEIC', 'image/heic', 'video/mp4'],
    ['an Ogg file declared as MP3', 'audio/mpeg', 'audio/ogg'],
    ['an AAC stream declared as MP3', 'audio/mpeg', 'audio/aac'],
  ] as const)('refuses %s', (_case, declared, actual) => {
    expect(sniffMatches(declared, sampleFile(actual))).toBe(false);
  });

  it('refuses a type that is not allowed, whatever the bytes', () => {
    expect(sniffMatches('image/svg+xml', HOSTILE_HEADS['an SVG image with a script'])).toBe(false);
    expect(sniffMatches('image/PNG', sampleFile('image/png'))).toBe(false);
  });

  it('refuses a file too short to hold its signature', () => {
    expect(sniffMatches('image/png', sampleFile('image/png').subarray(0, 4))).toBe(false);
    expect(sniffMatches('image/jpeg', new Uint8Array())).toBe(false);
  });
});

describe('displayFileName', () => {
  it.each([
    ['a plain name', 'drawing.jpg', 'drawing.jpg'],
    ['a Hindi name, joiners kept', 'बेटी की ड्रॉइंग.jpg', 'बेटी की ड्रॉइंग.jpg'],
    ['a Unix path', '/home/asha/Pictures/drawing.jpg', 'drawing.jpg'],
    ['a Windows path', 'C:\\Users\\asha\\drawing.jpg', 'drawing.jpg'],
    ['a traversal', '../../etc/passwd', 'passwd'],
    ['terminal escapes', 'photo\u001b[2J\u0007.png', 'photo[2J.png'],
    ['a line break forging a second line', 'a.png\r\nanswered: fake', 'a.pnganswered: fake'],
    ['a right-to-left override hiding the extension', 'invoice\u202egpj.exe', 'invoicegpj.exe'],
    ['bidi isolates and marks', '\u2066a\u2069\u200f.png', 'a.png'],
    ['surrounding spaces', '  photo.png  ', 'photo.png'],
  ])('keeps %s readable', (_case, raw, shown) => {
    expect(displayFileName(raw)).toBe(shown);
  });

  it.each([
    ['only a folder', 'photos/'],
    ['dots', '..'],
    ['only controls', '\u0000\u001b'],
    ['nothing', ''],
  ])('names %s "attachment"', (_case, raw) => {
    expect(displayFileName(raw)).toBe('attachment');
  });

  it('cuts a long name to the limit and keeps its extension', () => {
    const shown = displayFileName(`${'a'.repeat(300)}.jpeg`);
    expect(Array.from(shown)).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(shown).toMatch(/^a+….jpeg$/);
  });

  it('never cuts a character in half', () => {
    const shown = displayFileName('😀'.repeat(150));
    expect(Array.from(shown)).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(shown.isWellFormed()).toBe(true);
  });

  it('leaves a name at the limit whole', () => {
    const name = `${'b'.repeat(FILE_NAME_MAX_LENGTH - 4)}.png`;
    expect(displayFileName(name)).toBe(name);
  });
});
