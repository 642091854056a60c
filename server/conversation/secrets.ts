/**
 * Slow salted hashes for what a person types, with scrypt from node:crypto:
 * staff passwords and the 6-digit codes. A code has only a million values,
 * so a fast hash would fall to a stolen database at once; at scrypt's cost
 * a million tries take hours, and a code lives 10 minutes. The parameters
 * are stored with each hash, so raising them later leaves old hashes valid.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for passwords (N=2^17 is its first choice; this one halves memory on a 2-core box). */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 16, r: 8, p: 1 };
/** A code lives minutes, not years: a lighter cost, still hours for a million tries. */
export const CODE_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

const KEY_BYTES = 32;

function derive(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashSecret(secret: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
