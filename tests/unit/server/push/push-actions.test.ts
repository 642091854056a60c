import { describe, expect, it } from 'vitest';
import { forgetNumber } from '../../../../server/db/erase.ts';
import { createRosterAdmin } from '../../../../server/roster/roster-admin.ts';
import { answerValidator } from '../../../../server/webhook/contract.ts';
import { answerText } from '../../../../server/contract/texts.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../../src/shared/webhook/push.ts';
import type { FakePushService } from '../../../support/fake-push-service.ts';
import { PARENT_NUMBER, QUIET_PARENT_NUMBER, pushPortalPerTest, type PushPortal } from './push-portal.ts';

let service: FakePushService;
let p: PushPortal;
pushPortalPerTest((current) => ({ p, service } = current));

const subscriptions = () => p.count('SELECT count(*) FROM push_subscriptions');

describe('the push actions', () => {
  it.each([
    ['push_settings', {}],
    [
      'push_subscribe',
      { payload: { subscription: { endpoint: 'https://x.example/1', keys: { p256dh: 'a', auth: 'b' } } } },
    ],
    ['push_unsubscribe', {}],
  ])('refuse %s without a bearer token, as chat_thread does', async (action, body) => {
    const answer = await p.post({ action, ...body });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('gives the VAPID public key and the default settings, and changes only the settings named', async () => {
    const token = p.device();
    const first = await p.post({ action: 'push_settings' }, token);
    expect(first.statusCode).toBe(200);
    expect(answerValidator('push_settings')(first.json())).toBe(true);
    expect(first.json()).toEqual({
      public_key: p.push.publicKey,
      subscribed: false,
      settings: DEFAULT_NOTIFICATION_SETTINGS,
    });
    const changed = await p.post(
      { action: 'push_settings', payload: { settings: { show_text: true, quiet_start: '22:30' } } },
      token,
    );
    expect(changed.json().settings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      show_text: true,
      quiet_start: '22:30',
    });
    expect((await p.post({ action: 'push_settings' }, token)).json().settings.show_text).toBe(true);
  });

  it('gives a device that saved none the settings its parent saved last, then keeps each device’s own', async () => {
    const first = p.device();
    const second = p.device();
    await p.post({ action: 'push_settings', payload: { settings: { quiet_start: '22:00' } } }, first);
    p.clock.now = new Date(p.clock.now.getTime() + 60_000);
    await p.post({ action: 'push_settings', payload: { settings: { replies: false } } }, second);
    const latest = { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_start: '22:00', replies: false };
    const third = p.device();
    expect((await p.post({ action: 'push_settings' }, third)).json().settings).toEqual(latest);
    await p.post({ action: 'push_settings', payload: { settings: { replies: true } } }, third);
    expect((await p.post({ action: 'push_settings' }, second)).json().settings).toEqual(latest);
    await p.post({ action: 'push_settings', payload: { settings: { quiet_start: '23:00' } } }, first);
    expect((await p.post({ action: 'push_settings' }, third)).json().settings).toEqual({ ...latest, replies: true });
  });

  it('keeps what the parent chose on one phone when another only reads its settings', async () => {
    const reader = p.device();
    await p.post({ action: 'push_settings' }, reader);
    await p.post({ action: 'push_settings', payload: { settings: { text_fallback: false } } }, p.device());
    p.clock.now = new Date(p.clock.now.getTime() + 60_000);
    expect((await p.post({ action: 'push_settings' }, reader)).json().settings.text_fallback).toBe(true);
    expect((await p.post({ action: 'push_settings' }, p.device())).json().settings.text_fallback).toBe(false);
  });

  it.each([['7:00'], ['24:00'], ['noon']])('refuses quiet hours written %s', async (time) => {
    const answer = await p.post({ action: 'push_settings', payload: { settings: { quiet_end: time } } }, p.device());
    expect(answer.statusCode).toBe(400);
  });

  it('keeps a subscription, replacing the device’s earlier one, and forgets it on push_unsubscribe', async () => {
    const token = p.device();
    await p.subscribe(token);
    const second = await p.subscribe(token);
    expect(subscriptions()).toBe(1);
    expect(p.count('SELECT count(*) FROM push_subscriptions WHERE endpoint = ?', second.json.endpoint)).toBe(1);
    const settings = await p.post({ action: 'push_settings' }, token);
    expect(settings.json().subscribed).toBe(true);
    const gone = await p.post({ action: 'push_unsubscribe' }, token);
    expect(gone.statusCode).toBe(200);
    expect(answerValidator('push_unsubscribe')(gone.json())).toBe(true);
    expect(subscriptions()).toBe(0);
  });

  it('gives an endpoint to the token that subscribed with it last: the phone’s next parent, not the one before', async () => {
    const before = p.device();
    const subscription = await p.subscribe(before);
    const next = p.device('+919000000002');
    const answer = await p.post({ action: 'push_subscribe', payload: { subscription: subscription.json } }, next);
    expect(answer.statusCode).toBe(200);
    expect(p.count("SELECT count(*) FROM push_subscriptions WHERE number_key = '+919000000002'")).toBe(1);
    expect(subscriptions()).toBe(1);
  });

  const good = () => service.subscribe().json;
  it.each([
    ['an http endpoint', () => ({ ...good(), endpoint: 'http://push.example/abc' }), 'pushEndpointInvalid'],
    ['an endpoint that is no URL', () => ({ ...good(), endpoint: 'push service' }), 'pushEndpointInvalid'],
    // Not a push service the server sends to (PUSH_SERVICE_HOSTS: the tests' fake service at 127.0.0.1).
    [
      'an endpoint on another host',
      () => ({ ...good(), endpoint: 'https://169.254.169.254/latest/meta-data' }),
      'pushEndpointInvalid',
    ],
    [
      'an endpoint with credentials',
      () => ({ ...good(), endpoint: 'https://a:b@push.example/x' }),
      'pushEndpointInvalid',
    ],
    ['a p256dh of 64 bytes', () => ({ ...good(), keys: { ...good().keys, p256dh: 'A'.repeat(86) } }), 'pushKeyInvalid'],
    [
      'a p256dh that is no base64url',
      () => ({ ...good(), keys: { ...good().keys, p256dh: '*'.repeat(87) } }),
      'pushKeyInvalid',
    ],
    [
      'an auth secret of 12 bytes',
      () => ({ ...good(), keys: { ...good().keys, auth: 'A'.repeat(16) } }),
      'pushAuthInvalid',
    ],
  ] as const)('refuses a subscription with %s, in the request’s language', async (_case, make, key) => {
    const token = p.device();
    for (const language of ['en', 'hi'] as const) {
      const answer = await p.post({ action: 'push_subscribe', payload: { subscription: make() }, language }, token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(answerText(language, key));
    }
    expect(subscriptions()).toBe(0);
  });

  it('keeps the language of the request for the device’s notifications', async () => {
    const token = p.device();
    await p.subscribe(token, { language: 'hi' });
    expect(p.count("SELECT count(*) FROM push_settings WHERE language = 'hi'")).toBe(1);
    await p.post({ action: 'push_settings', language: 'en' }, token);
    expect(p.count("SELECT count(*) FROM push_settings WHERE language = 'en'")).toBe(1);
  });
});

describe('leaving', () => {
  it('removes the device’s subscription, settings and waiting pushes when its token is revoked (logout)', async () => {
    const token = p.device();
    const other = p.device();
    await p.subscribe(token);
    await p.subscribe(other);
    p.reply('A reply');
    expect(p.count('SELECT count(*) FROM push_jobs')).toBe(2);
    expect((await p.post({ action: 'revoke_token' }, token)).statusCode).toBe(200);
    expect(subscriptions()).toBe(1);
    expect(p.count('SELECT count(*) FROM push_settings')).toBe(1);
    expect(p.count('SELECT count(*) FROM push_jobs')).toBe(1);
  });

  it('removes a number’s subscriptions, settings and waiting pushes with npm run forget, and no one else’s', async () => {
    await p.subscribe(p.device());
    await p.subscribe(p.device(QUIET_PARENT_NUMBER));
    p.reply('A reply');
    p.reply('Another parent’s reply', QUIET_PARENT_NUMBER);
    expect(forgetNumber(p.db, PARENT_NUMBER).pushSubscriptions).toBe(1);
    expect(p.count('SELECT count(*) FROM push_subscriptions WHERE number_key = ?', PARENT_NUMBER)).toBe(0);
    expect(subscriptions()).toBe(1);
    expect(p.count('SELECT count(*) FROM push_settings')).toBe(1);
    expect(p.count('SELECT count(*) FROM push_jobs')).toBe(1);
  });

  it.each<[string, () => void]>([
    ['npm run forget', () => void forgetNumber(p.db, PARENT_NUMBER)],
    [
      'removal from the roster',
      () => {
        const roster = createRosterAdmin(p.db);
        const entry = roster.entry(PARENT_NUMBER);
        if (!entry) throw new Error('the test roster lists the parent');
        expect(roster.apply({ removed: [entry] }, 'meera@thrive.example', p.clock.now)).toBe(true);
        expect(roster.apply({ added: [entry] }, 'meera@thrive.example', p.clock.now)).toBe(true);
      },
    ],
  ])('keeps the parent’s settings past logout until %s, and no one else’s goes', async (_case, erase) => {
    const chosen = { read_receipts: false, text_fallback: false };
    const settingsOf = async (token: string) => (await p.post({ action: 'push_settings' }, token)).json().settings;
    const token = p.device();
    await p.post({ action: 'push_settings', payload: { settings: chosen } }, token);
    await p.post({ action: 'push_settings', payload: { settings: chosen } }, p.device(QUIET_PARENT_NUMBER));
    await p.post({ action: 'revoke_token' }, token);
    expect(await settingsOf(p.device())).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, ...chosen });

    erase();
    expect(p.count('SELECT count(*) FROM parent_settings WHERE number_key = ?', PARENT_NUMBER)).toBe(0);
    expect(await settingsOf(p.device())).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(await settingsOf(p.device(QUIET_PARENT_NUMBER))).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, ...chosen });
  });
});
