import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  screenFiles,
  totalBytes,
  type PrepareFile,
} from '../../../../src/features/registered-parent/chat/screen-files.ts';
import { ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../../src/shared/rules/attachment.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const names = (files: readonly { original: File }[]) => files.map((f) => f.original.name);

/** A data saver that turns every photo into a `size`-byte copy. */
const shrinkPhotosTo =
  (size: number): PrepareFile =>
  async (picked) =>
    picked.type.startsWith('image/') ? file('small.jpg', 'image/jpeg', size) : undefined;

describe('screenFiles', () => {
  it.each([
    ['image/png', true],
    ['video/mp4', true],
    ['audio/mpeg', true],
    ['application/pdf', false],
    ['text/plain', false],
    ['', false],
  ])('a file of type %j is accepted: %s', async (type, accepted) => {
    const { accepted: kept, refused } = await screenFiles([], [file('f', type, 10)]);
    expect(kept.length === 1).toBe(accepted);
    expect(refused.map((r) => r.reason)).toEqual(accepted ? [] : ['type']);
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
