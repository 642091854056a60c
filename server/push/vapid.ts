/**
 * The VAPID key pair that signs every push (RFC 8292): from the environment
 * when the operator gives one, or made at first start and kept beside the
 * database in vapid-keys.json, readable by the server's user only (0600),
 * like the database. The public key reaches the portal in the push_settings
 * answer; a browser's subscription is bound to it, so the pair must outlive
 * restarts: a new pair would leave every subscription unusable.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import type { ServerConfig } from '../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

const OWNER_ONLY_FILE = 0o600;

/** Where the made pair is kept: beside the database, whose folder the server already keeps private. */
export const vapidKeysPath = (databasePath: string) => join(dirname(databasePath), VAPID_KEYS_FILE);

export function loadVapidKeys(config: Pick<ServerConfig, 'vapidKeys' | 'databasePath'>): VapidKeys {
  if (config.vapidKeys) return config.vapidKeys;
  const path = vapidKeysPath(config.databasePath);
  if (existsSync(path)) {
    chmodSync(path, OWNER_ONLY_FILE);
    const kept = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string') {
      throw new Error(`${path} does not hold a VAPID key pair: remove it to make a new one (subscriptions then end)`);
    }
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const made = webpush.generateVAPIDKeys();
  // 'wx': made with its mode in one step, and never over a file another start wrote meanwhile.
  writeFileSync(path, `${JSON.stringify(made, null, 2)}\n`, { mode: OWNER_ONLY_FILE, flag: 'wx' });
  return made;
}

/** How long a signed JWT is valid (RFC 8292: at most 24 hours), and how long one is used before a new one is signed. */
const JWT_LIFETIME_S = 12 * 60 * 60;
const JWT_REUSED_MS = 60 * 60 * 1000;

/**
 * The Authorization header of a push to a push service's origin: one JWT per
 * origin, signed once and used for an hour, so it always has at least 11
 * hours left. Signing is most of what a push costs the server (web-push
 * signs anew for every push, a few times the cost of the encryption): a
 * fan-out to thousands of devices on one push service signs once.
 */
export function vapidAuthorization(vapid: VapidKeys, subject: string, now: () => number = Date.now) {
  const signed = new Map<string, { header: string; until: number }>();
  return (audience: string): string => {
    const kept = signed.get(audience);
    if (kept && kept.until > now()) return kept.header;
    const expiration = Math.floor(now() / 1000) + JWT_LIFETIME_S;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    );
    signed.set(audience, { header: Authorization, until: now() + JWT_REUSED_MS });
    return Authorization;
  };
}
