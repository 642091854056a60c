import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { makeTempPortalDir } from '../../../../bench/support/portal-process.ts';
import { loadConfig } from '../../../../server/config.ts';
import { loadVapidKeys, vapidKeysPath } from '../../../../server/push/vapid.ts';
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
