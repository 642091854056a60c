import { createHash as nodeHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHash } from '../../../../n8n/source/code/sha256.ts';

const reference = (data: string | Uint8Array) => nodeHash('sha256').update(data).digest('hex');

describe('the SHA-256 the n8n Code nodes use instead of node:crypto', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000])('hashes %i random bytes as node:crypto does', (size) => {
    const data = randomBytes(size);
    expect(createHash('sha256').update(data).digest('hex')).toBe(reference(data));
  });

  it('hashes text as its UTF-8 bytes, across several updates', () => {
    const text = 'नमस्ते, {"a":1} 😀';
    expect(createHash('sha256').update(text.slice(0, 5)).update(text.slice(5)).digest('hex')).toBe(reference(text));
  });

  it('refuses another algorithm rather than hashing the wrong way', () => {
    expect(() => createHash('md5' as 'sha256')).toThrow(/Only sha256/);
  });
});
