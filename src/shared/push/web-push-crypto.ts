/**
 * Web Push's two pieces of cryptography, written from the RFCs for a sender
 * with no web-push module (the n8n workflows' Code nodes): the aes128gcm body
 * of RFC 8291 (one record, the sender's key in its header) and the VAPID
 * `Authorization` of RFC 8292 (an ES256 JWT for the push service's origin).
 * The crypto functions are node:crypto's, handed in, so this module imports
 * nothing and a Code node gets it as plain code (n8n allows the `crypto`
 * built-in with NODE_FUNCTION_ALLOW_BUILTIN).
 */

/** The node:crypto functions used, as they are typed here (Buffers are Uint8Arrays). */
export interface PushCrypto {
  createECDH(curve: string): { generateKeys(): Uint8Array; computeSecret(otherKey: Uint8Array): Uint8Array };
  hkdfSync(digest: string, ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): ArrayBuffer;
  createCipheriv(
    algorithm: string,
    key: Uint8Array,
    iv: Uint8Array,
  ): { update(data: Uint8Array): Uint8Array; final(): Uint8Array; getAuthTag(): Uint8Array };
  randomBytes(size: number): Uint8Array;
  createPrivateKey(key: { key: Record<string, string>; format: 'jwk' }): object;
  sign(algorithm: string, data: Uint8Array, key: { key: object; dsaEncoding: 'ieee-p1363' }): Uint8Array;
}

/** The VAPID key pair (base64url: a 65-byte public point, a 32-byte private scalar) and the sender's contact. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How long a VAPID JWT is good for: push services refuse more than 24 hours. */
export const VAPID_JWT_LIFETIME_S = 12 * 60 * 60;
/** The one record's size: the payload (at most 3,000 bytes) with its delimiter and tag fits in it. */
const RECORD_SIZE = 4096;

const utf8 = (text: string) => new TextEncoder().encode(text);

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(plain.padEnd(Math.ceil(plain.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

/** The aes128gcm body of `payload` for a subscription's p256dh key and auth secret (base64url). */
export function encryptPush(crypto: PushCrypto, payload: string, keys: { p256dh: string; auth: string }): Uint8Array {
  const receiverKey = fromBase64Url(keys.p256dh);
  const ecdh = crypto.createECDH('prime256v1');
  const senderKey = ecdh.generateKeys();
  const secret = ecdh.computeSecret(receiverKey);
  const salt = crypto.randomBytes(16);
  const info = concatBytes(utf8('WebPush: info\0'), receiverKey, senderKey);
  const ikm = new Uint8Array(crypto.hkdfSync('sha256', secret, fromBase64Url(keys.auth), info, 32));
  const cek = new Uint8Array(crypto.hkdfSync('sha256', ikm, salt, utf8('Content-Encoding: aes128gcm\0'), 16));
  const nonce = new Uint8Array(crypto.hkdfSync('sha256', ikm, salt, utf8('Content-Encoding: nonce\0'), 12));
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  // The payload, then 2: the last (and only) record's delimiter.
  const record = concatBytes(cipher.update(concatBytes(utf8(payload), Uint8Array.of(2))), cipher.final());
  const header = concatBytes(salt, Uint8Array.of(0, 0, RECORD_SIZE >> 8, RECORD_SIZE & 255, senderKey.length));
  return concatBytes(header, senderKey, record, cipher.getAuthTag());
}

/**
 * The origin of an https endpoint (the JWT's audience), read without URL, which n8n's Code nodes do not have:
 * the host in lower case, the default port left out.
 */
export function endpointOrigin(endpoint: string): string {
  const origin = /^https:\/\/[^/?#]+/i.exec(endpoint)?.[0];
  if (!origin) throw new RangeError('A push endpoint is an https URL');
  return origin.toLowerCase().replace(/:443$/, '');
}

/** `vapid t=<JWT>, k=<public key>` for a push to `endpoint`, signed at `now`. */
export function vapidAuthorization(crypto: PushCrypto, endpoint: string, vapid: VapidDetails, now: Date): string {
  const point = fromBase64Url(vapid.publicKey);
  const key = crypto.createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: toBase64Url(point.subarray(1, 33)),
      y: toBase64Url(point.subarray(33, 65)),
    },
  });
  const part = (value: object) => toBase64Url(utf8(JSON.stringify(value)));
  const claims = {
    aud: endpointOrigin(endpoint),
    exp: Math.floor(now.getTime() / 1000) + VAPID_JWT_LIFETIME_S,
    sub: vapid.subject,
  };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = crypto.sign('sha256', utf8(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${toBase64Url(signature)}, k=${vapid.publicKey}`;
}
