import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  screenFiles,
  totalBytes,
  type PrepareFile,
} from '../../../../../src/features/conversation/compose/attachment-checks.ts';
import { ATTACHMENTS_MAX_COUNT, ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../../../src/shared/rules/attachment.ts';
import { HOSTILE_HEADS, MEDIA_HEADS, sampleFile, type SampleType } from '../../../../support/media-samples.ts';

const MB = 1024 * 1024;
/** A file of `size` bytes whose content starts as its type's does (an unknown type gets zeros). */
const file = (name: string, type: string, size: number) => {
  const bytes = type in MEDIA_HEADS ? sampleFile(type as SampleType, size) : Buffer.alloc(size);
  return new File([new Uint8Array(bytes)], name, { type });
};
const fileOfBytes = (name: string, type: string, bytes: Buffer) => new File([new Uint8Array(bytes)], name, { type });
const names = (files: readonly { original: File }[]) => files.map((f) => f.original.name);

/** A data saver that turns every photo into a `size`-byte copy. */
const shrinkPhotosTo =
  (size: number): PrepareFile =>
  async (picked) =>
    picked.type.startsWith('image/') ? file('small.jpg', 'image/jpeg', size) : undefined;

describe('screenFiles', () => {
  it.each([
    ['image/png', []],
    ['video/mp4', []],
    ['audio/mpeg', []],
    ['application/pdf', ['type']],
    ['text/plain', ['type']],
    ['', ['type']],
    ['image/svg+xml', ['kind']],
    ['video/x-msvideo', ['kind']],
    ['image/png; charset=utf-8', ['kind']],
  ])('a file of type %j is refused for %j', async (type, reasons) => {
    const { accepted, refused } = await screenFiles([], [file('f', type, 100)]);
    expect(refused.map((r) => r.reason)).toEqual(reasons);
    expect(accepted).toHaveLength(reasons.length === 0 ? 1 : 0);
  });

  it.each(Object.entries(HOSTILE_HEADS))('refuses %s declared as a PNG for its contents', async (_, bytes) => {
    const { refused } = await screenFiles([], [fileOfBytes('drawing.png', 'image/png', bytes)]);
    expect(refused).toEqual([{ name: 'drawing.png', reason: 'contents' }]);
  });

  it('refuses a PNG declared as a JPEG, and an empty file', async () => {
    const png = sampleFile('image/png', 100);
    const { refused } = await screenFiles(
      [],
      [fileOfBytes('photo.jpg', 'image/jpeg', png), fileOfBytes('blank.png', 'image/png', Buffer.alloc(0))],
    );
    expect(refused).toEqual([
      { name: 'photo.jpg', reason: 'contents' },
      { name: 'blank.png', reason: 'empty' },
    ]);
  });

  it('says when a file cannot be read', async () => {
    const vanished = file('gone.png', 'image/png', 100);
    vanished.slice = () =>
      ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')) }) as Blob;
    const { refused } = await screenFiles([], [vanished]);
    expect(refused).toEqual([{ name: 'gone.png', reason: 'unreadable' }]);
  });

  it('takes files up to the count limit, counting those already attached', async () => {
    const attached = Array.from({ length: ATTACHMENTS_MAX_COUNT - 2 }, () => ({ size: 1 }));
    const picked = ['a', 'b', 'c', 'd'].map((name) => file(`${name}.png`, 'image/png', 64));
    const { accepted, refused } = await screenFiles(attached, picked);
    expect(names(accepted)).toEqual(['a.png', 'b.png']);
    expect(refused).toEqual([
      { name: 'c.png', reason: 'count' },
      { name: 'd.png', reason: 'count' },
    ]);
  });

  it('lets a refused file take no place in the count', async () => {
    const attached = Array.from({ length: ATTACHMENTS_MAX_COUNT - 1 }, () => ({ size: 1 }));
    const { accepted } = await screenFiles(attached, [
      file('notes.pdf', 'application/pdf', 9),
      file('a.png', 'image/png', 64),
    ]);
    expect(names(accepted)).toEqual(['a.png']);
  });

  it('lists and sends a file under its display name, never a path or a bidi trick', async () => {
    const { accepted, refused } = await screenFiles(
      [],
      [file('C:\\Users\\asha\\photo.png', 'image/png', 64), file('x\u202egnp.exe', 'application/x-msdownload', 9)],
    );
    expect(names(accepted)).toEqual(['photo.png']);
    expect(refused).toEqual([{ name: 'xgnp.exe', reason: 'type' }]);
  });

  it('accepts files up to exactly the cap and refuses the one that would pass it', async () => {
    const { accepted, refused } = await screenFiles(
      [{ size: 4 * MB }],
      [file('a.mp4', 'video/mp4', 6 * MB), file('b.png', 'image/png', 1)],
    );
    expect(names(accepted)).toEqual(['a.mp4']);
    expect(refused).toEqual([{ name: 'b.png', reason: 'size' }]);
  });

  it('lets a smaller file in after a refused larger one', async () => {
    const { accepted, refused } = await screenFiles(
      [],
      [file('big.mp4', 'video/mp4', ATTACHMENTS_MAX_TOTAL_BYTES + 1), file('small.png', 'image/png', MB)],
    );
    expect(names(accepted)).toEqual(['small.png']);
    expect(refused).toEqual([{ name: 'big.mp4', reason: 'size' }]);
  });

  it('measures a photo by the smaller copy that will be sent, keeping the original beside it', async () => {
    const photo = file('camera.jpg', 'image/jpeg', 12 * MB);
    const { accepted, refused } = await screenFiles([{ size: 9 * MB }], [photo], shrinkPhotosTo(MB));
    expect(refused).toEqual([]);
    expect(accepted[0]?.original).toBe(photo);
    expect(accepted[0]?.smaller?.size).toBe(MB);
  });

  it('counts what is already attached as it will be sent', async () => {
    const { refused } = await screenFiles([{ size: 10 * MB - 5 }], [file('a.png', 'image/png', 6)]);
    expect(refused).toEqual([{ name: 'a.png', reason: 'size' }]);
  });

  it('does not prepare a file it refuses for its type', async () => {
    const prepared: string[] = [];
    await screenFiles([], [file('notes.pdf', 'application/pdf', 10)], async (picked) => {
      prepared.push(picked.name);
      return undefined;
    });
    expect(prepared).toEqual([]);
  });
});

describe('totalBytes and base64Bytes', () => {
  it('adds up the sizes, and what base64 makes of them', () => {
    expect(totalBytes([])).toBe(0);
    expect(totalBytes([{ size: 3 }, { size: 4 }])).toBe(7);
    expect(base64Bytes([{ size: 3 }, { size: 4 }])).toBe(4 + 8);
    expect(base64Bytes([{ size: 3 * MB }])).toBe(4 * MB);
  });
});
