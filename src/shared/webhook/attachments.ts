/**
 * Reads files into the plain base64 (no `data:` prefix) that the chat payload
 * carries. A file is read one slice at a time: each slice is its own task, so
 * a 10 MB video never blocks the page (or the service worker) for long, and
 * the same code runs in both because it needs only Blob and btoa (or the
 * engine's native Uint8Array toBase64 where there is one).
 */

/**
 * A multiple of 3, so the base64 of consecutive slices joins with no padding in
 * between; small enough that the btoa fallback of older engines stays well
 * under a 50 ms task on a slow phone.
 */
export const BASE64_SLICE_BYTES = 3 * 64 * 1024;

// String.fromCharCode takes its bytes as arguments; engines cap how many a call may take.
const CHAR_CODE_BATCH = 0x8000;

/** Uint8Array.prototype.toBase64 (ES2026): native and many times faster, where the engine has it. */
type WithNativeBase64 = Uint8Array & { toBase64?: () => string };

function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as WithNativeBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHAR_CODE_BATCH) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHAR_CODE_BATCH));
  }
  return btoa(binary);
}

export async function blobToBase64(blob: Blob, sliceBytes: number = BASE64_SLICE_BYTES): Promise<string> {
  if (sliceBytes <= 0 || sliceBytes % 3 !== 0) throw new RangeError('sliceBytes must be a positive multiple of 3');
  const parts: string[] = [];
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    // Each read resolves in a task of its own, which lets input and rendering run between slices.
    const slice = await blob.slice(offset, offset + sliceBytes).arrayBuffer();
    parts.push(bytesToBase64(new Uint8Array(slice)));
  }
  return parts.join('');
}
