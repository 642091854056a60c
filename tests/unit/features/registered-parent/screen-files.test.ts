import { describe, expect, it } from 'vitest';
import {
  screenFiles,
  totalBytes,
  type FileFacts,
} from '../../../../src/features/registered-parent/chat/screen-files.ts';
import { ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../../src/shared/rules/attachment.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number): FileFacts => ({ name, type, size });
const names = (files: readonly FileFacts[]) => files.map((f) => f.name);

describe('screenFiles', () => {
  it('caps the attachments of one message at 10 MB by default', () => {
    expect(ATTACHMENTS_MAX_TOTAL_BYTES).toBe(10 * MB);
  });

  it.each([
    ['image/png', true],
    ['video/mp4', true],
    ['audio/mpeg', true],
    ['IMAGE/JPEG', false],
    ['application/pdf', false],
    ['text/plain', false],
    ['', false],
  ])('a file of type %j is accepted: %s', (type, accepted) => {
    const { accepted: kept, refused } = screenFiles([], [file('f', type, 10)]);
    expect(kept.length === 1).toBe(accepted);
    expect(refused.map((r) => r.reason)).toEqual(accepted ? [] : ['type']);
  });

  it('accepts files up to exactly the cap and refuses the one that would pass it', () => {
    const { accepted, refused } = screenFiles(
      [file('old.png', 'image/png', 4 * MB)],
      [file('a.mp4', 'video/mp4', 6 * MB), file('b.png', 'image/png', 1)],
    );
    expect(names(accepted)).toEqual(['a.mp4']);
    expect(refused).toEqual([{ file: file('b.png', 'image/png', 1), reason: 'size' }]);
  });

  it('lets a smaller file in after a refused larger one', () => {
    const { accepted, refused } = screenFiles(
      [],
      [file('big.mp4', 'video/mp4', 11 * MB), file('small.png', 'image/png', MB)],
    );
    expect(names(accepted)).toEqual(['small.png']);
    expect(refused.map((r) => [r.file.name, r.reason])).toEqual([['big.mp4', 'size']]);
  });

  it('refuses a wrong type for its type even when it is also too big', () => {
    const { refused } = screenFiles([], [file('notes.pdf', 'application/pdf', 20 * MB)]);
    expect(refused.map((r) => r.reason)).toEqual(['type']);
  });

  it('honours a cap given by the caller', () => {
    const { accepted, refused } = screenFiles([], [file('a.png', 'image/png', 6), file('b.png', 'image/png', 5)], 10);
    expect(names(accepted)).toEqual(['a.png']);
    expect(names(refused.map((r) => r.file))).toEqual(['b.png']);
  });
});

describe('totalBytes', () => {
  it('adds up the sizes', () => {
    expect(totalBytes([])).toBe(0);
    expect(totalBytes([file('a', 'image/png', 3), file('b', 'audio/ogg', 4)])).toBe(7);
  });
});
