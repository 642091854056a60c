/**
 * `createHash('sha256')` for n8n's Code node, which refuses `require('crypto')`
 * unless the operator allows it (NODE_FUNCTION_ALLOW_BUILTIN). The generator
 * bundles the reference server's modules with this file standing in for
 * node:crypto, so they hash the same way inside n8n without any setting.
 * Plain FIPS 180-4 SHA-256; tests/unit/n8n/source/code/sha256.test.ts holds it against node:crypto.
 */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** Runs the compression function over every whole 64-byte block of `data`. */
function compress(state: Int32Array, data: Uint8Array): void {
  const w = new Int32Array(64);
  const k = K;
  for (let block = 0; block + 64 <= data.length; block += 64) {
    for (let i = 0; i < 16; i++) {
      const at = block + i * 4;
      w[i] = ((data[at] ?? 0) << 24) | ((data[at + 1] ?? 0) << 16) | ((data[at + 2] ?? 0) << 8) | (data[at + 3] ?? 0);
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] ?? 0;
      const b = w[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) | 0;
    }
    let a = state[0] ?? 0;
    let b = state[1] ?? 0;
    let c = state[2] ?? 0;
    let d = state[3] ?? 0;
    let e = state[4] ?? 0;
    let f = state[5] ?? 0;
    let g = state[6] ?? 0;
    let h = state[7] ?? 0;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (k[i] ?? 0) + (w[i] ?? 0)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    state[0] = ((state[0] ?? 0) + a) | 0;
    state[1] = ((state[1] ?? 0) + b) | 0;
    state[2] = ((state[2] ?? 0) + c) | 0;
    state[3] = ((state[3] ?? 0) + d) | 0;
    state[4] = ((state[4] ?? 0) + e) | 0;
    state[5] = ((state[5] ?? 0) + f) | 0;
    state[6] = ((state[6] ?? 0) + g) | 0;
    state[7] = ((state[7] ?? 0) + h) | 0;
  }
}

function sha256Hex(message: Uint8Array): string {
  const state = new Int32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const whole = message.length - (message.length % 64);
  compress(state, message.subarray(0, whole));
  // The tail, a 1 bit, zeros, and the length in bits as 64 bits big-endian: one or two blocks.
  const tail = new Uint8Array(message.length - whole < 56 ? 64 : 128);
  tail.set(message.subarray(whole));
  tail[message.length - whole] = 0x80;
  const bits = new DataView(tail.buffer);
  bits.setUint32(tail.length - 8, Math.floor(message.length / 0x20000000));
  bits.setUint32(tail.length - 4, (message.length * 8) >>> 0);
  compress(state, tail);
  return Array.from(state, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
}

export interface Hash {
  update(data: string | Uint8Array): Hash;
  digest(encoding: 'hex'): string;
}

/** The slice of node:crypto's createHash the server's modules use: sha256, update, hex digest. */
export function createHash(algorithm: 'sha256'): Hash {
  if (algorithm !== 'sha256') throw new Error(`Only sha256 is available here, not ${String(algorithm)}`);
  const parts: Uint8Array[] = [];
  const hash: Hash = {
    update(data) {
      parts.push(typeof data === 'string' ? new TextEncoder().encode(data) : data);
      return hash;
    },
    digest() {
      const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        whole.set(part, offset);
        offset += part.length;
      }
      return sha256Hex(whole);
    },
  };
  return hash;
}
