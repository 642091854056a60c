import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { makeTempPortalDir } from '../../../../bench/support/portal-process.ts';
import { loadConfig } from '../../../../server/config.ts';
import { loadVapidKeys, vapidAuthorization, vapidKeysPath } from '../../../../server/push/vapid.ts';
import { checkVapid } from '../../../../bench/support/fake-push-crypto.ts';
import { openDatabase } from '../../../../server/db/database.ts';

const temps: { cleanup(): void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.cleanup()));

function folder() {
  const temp = makeTempPortalDir();
  temps.push(temp);
  // The server makes the database's private folder first; the keys are kept in it.
  openDatabase(temp.databasePath).close();
  return temp;
}

describe('the VAPID keys', () => {
  it('are made at first start, kept beside the database for the server’s user only, and the same next start', () => {
    const { databasePath } = folder();
    const first = loadVapidKeys({ databasePath, vapidKeys: undefined });
    const path = vapidKeysPath(databasePath);
    expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(first);
    expect(loadVapidKeys({ databasePath, vapidKeys: undefined })).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  });

  it('come from the environment when given, and then nothing is written', () => {
    const { databasePath } = folder();
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATABASE_PATH: databasePath,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(loadVapidKeys(config)).toEqual(keys);
    expect(existsSync(vapidKeysPath(databasePath))).toBe(false);
  });

  const keys = webpush.generateVAPIDKeys();
  it.each([
    [{ VAPID_PUBLIC_KEY: keys.publicKey }, /go together/],
    [{ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: keys.privateKey }, /VAPID_PUBLIC_KEY must be/],
    [{ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.publicKey }, /VAPID_PRIVATE_KEY must be/],
    [{ VAPID_SUBJECT: 'http://thrive.example' }, /VAPID_SUBJECT must be/],
  ])('stop the server at start when the environment has %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{}, 'mailto:thrive-portal@localhost'],
    [{ PORTAL_HOST: 'portal.thrive.example' }, 'https://portal.thrive.example'],
    [{ PORTAL_HOST: 'portal.thrive.example', VAPID_SUBJECT: 'mailto:ops@thrive.example' }, 'mailto:ops@thrive.example'],
  ])('name as their subject, with %j, %s', (env, subject) => {
    expect(loadConfig(env).vapidSubject).toBe(subject);
  });
});

describe('the VAPID JWT a push carries', () => {
  const keys = webpush.generateVAPIDKeys();
  const HOUR = 60 * 60 * 1000;

  it('is signed once per push service and kept for an hour, with 11 hours or more still to run', () => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const authorization = vapidAuthorization(keys, 'mailto:ops@thrive.example', () => now);
    const fcm = authorization('https://fcm.googleapis.com');
    expect(authorization('https://fcm.googleapis.com')).toBe(fcm);
    const mozilla = authorization('https://updates.push.services.mozilla.com');
    expect(mozilla).not.toBe(fcm);
    expect(checkVapid(mozilla, 'https://updates.push.services.mozilla.com', now).claims.exp).toBe(
      now / 1000 + 12 * 3600,
    );
    now += HOUR - 1;
    expect(authorization('https://fcm.googleapis.com')).toBe(fcm);
    expect(checkVapid(fcm, 'https://fcm.googleapis.com', now).claims.exp).toBeGreaterThan(now / 1000 + 11 * 3600);
    now += 1;
    const renewed = authorization('https://fcm.googleapis.com');
    expect(renewed).not.toBe(fcm);
    expect(checkVapid(renewed, 'https://fcm.googleapis.com', now).key).toBe(keys.publicKey);
  });
});
