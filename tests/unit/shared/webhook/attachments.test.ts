import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE64_SLICE_BYTES, blobToBase64 } from '../../../../src/shared/webhook/attachments.ts';

function bytesOf(length: number, seed = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = (i * 31 + seed) % 256;
  return bytes;
}

describe('blobToBase64', () => {
  it.each([
    ['an empty blob', 0, 3],
    ['one byte (two padding characters)', 1, 3],
    ['two bytes (one padding character)', 2, 3],
    ['exactly one slice', 6, 6],
    ['a slice and a bit', 7, 6],
    ['many uneven slices', 1000, 9],
    ['every byte value', 256, 3],
    ['more bytes than one String.fromCharCode batch', 100_000, 99_999],
  ])('encodes %s exactly as Node does', async (_case, length, sliceBytes) => {
    const bytes = bytesOf(length);
    const encoded = await blobToBase64(new Blob([bytes]), sliceBytes);
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('writes plain base64 with no data: prefix', async () => {
    const encoded = await blobToBase64(new Blob(['hello'], { type: 'image/png' }));
    expect(encoded).toBe('aGVsbG8=');
    expect(encoded).not.toMatch(/^data:/);
  });

  it('round-trips a file larger than one default slice', async () => {
    const bytes = bytesOf(BASE64_SLICE_BYTES * 2 + 5, 3);
    const encoded = await blobToBase64(new Blob([bytes]));
    expect(Buffer.from(encoded, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([0, -3, 4])('refuses a slice size of %d, which would break the joins', async (sliceBytes) => {
    await expect(blobToBase64(new Blob(['x']), sliceBytes)).rejects.toThrow(RangeError);
  });
});

describe('blobToBase64 where the engine has Uint8Array.prototype.toBase64', () => {
  const original = Object.getOwnPropertyDescriptor(Uint8Array.prototype, 'toBase64');

  afterEach(() => {
    if (original) Object.defineProperty(Uint8Array.prototype, 'toBase64', original);
    else Reflect.deleteProperty(Uint8Array.prototype, 'toBase64');
  });

  it('uses the native encoder and joins its slices into the same text', async () => {
    const native = vi.fn(function (this: Uint8Array) {
      return Buffer.from(this).toString('base64');
    });
    Object.defineProperty(Uint8Array.prototype, 'toBase64', { value: native, configurable: true, writable: true });
    const bytes = bytesOf(1000);
    const encoded = await blobToBase64(new Blob([bytes]), 9);
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    expect(native).toHaveBeenCalledTimes(Math.ceil(1000 / 9));
  });
});
