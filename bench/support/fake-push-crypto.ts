/**
 * What a browser and its push service do with a push, written from the RFCs
 * with node:crypto alone, so it checks web-push rather than repeating it:
 * RFC 8292 (the VAPID JWT: ES256 over the `k=` key, audience, expiry within
 * 24 h, a mailto: or https: subject) and RFC 8291 (aes128gcm decryption with
 * the subscription's P-256 key and auth secret, one record, as browsers accept).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';

/** The keys a browser makes when it subscribes; the private half never leaves it. */
export interface SubscriptionKeys {
  ecdh: ECDH;
  /** base64url, 65 bytes: the uncompressed P-256 point. */
  p256dh: string;
  /** base64url, 16 bytes. */
  auth: string;
}

export function subscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

const MAX_EXPIRY_S = 24 * 60 * 60;

/**
 * Reads `Authorization: vapid t=<jwt>, k=<key>` and returns its claims and
 * key, or throws with the reason a push service would refuse it for.
 */
export function checkVapid(authorization: string | undefined, audience: string, nowMs: number) {
  const params = /^vapid\s+(.*)$/i.exec(authorization ?? '')?.[1];
  if (!params) throw new Error('Authorization is not a vapid scheme');
  const fields = new Map(params.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const jwt = fields.get('t');
  const key = fields.get('k');
  if (!jwt || !key) throw new Error('vapid needs both t= and k=');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k= is not an uncompressed P-256 key');
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg is ${head.alg}, not ES256`);
  const publicKey = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const signed = Buffer.from(`${header}.${payload}`);
  const ok = verify(
    'sha256',
    signed,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('JWT signature does not verify against k=');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<VapidClaims>;
  if (claims.aud !== audience) throw new Error(`JWT aud is ${claims.aud}, not ${audience}`);
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('JWT has expired or has no exp');
  if (claims.exp > now + MAX_EXPIRY_S) throw new Error('JWT exp is more than 24 h ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:.+@.+|https:\/\/.+)/.test(claims.sub)) {
    throw new Error(`JWT sub ${claims.sub} is neither mailto: nor https:`);
  }
  return { claims: claims as VapidClaims, key };
}

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) as the receiving browser does. */
export function decryptPush(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender’s 65-byte public key');
  if (record.length > recordSize) throw new Error('more than one record: browsers take one');
  const receiverKey = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the only record is not marked last');
  return padded.subarray(0, end);
}
