import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateKey, sign } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush, { type RequestOptions } from 'web-push';
import { FakePushService } from '../../../support/fake-push-service.ts';

const vapid = webpush.generateVAPIDKeys();
let service: FakePushService;
let options: RequestOptions;

beforeAll(async () => {
  service = await FakePushService.start();
  options = {
    vapidDetails: { subject: 'mailto:ops@example.org', publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    contentEncoding: 'aes128gcm',
    TTL: 3600,
    agent: service.agent(),
  };
});
afterAll(() => service.close());

const send = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string, more = {}) =>
  webpush.sendNotification(subscription, payload, { ...options, ...more }).then(
    (answer) => answer.statusCode,
    (error: { statusCode?: number; headers?: Record<string, string> }) => error,
  );

/** A VAPID header with the claims a test chooses, signed with the real key (web-push refuses to make these). */
function vapidWith(claims: Record<string, unknown>): string {
  const point = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${signed}.${signature}, k=${vapid.publicKey}`;
}

describe('the fake push service', () => {
  it('writes its certificate for a server process, and leaves no folder behind once closed', async () => {
    const own = await FakePushService.start();
    const file = own.writeCaFile();
    expect(readFileSync(file, 'utf8')).toContain('BEGIN CERTIFICATE');
    await own.close();
    expect(existsSync(dirname(file))).toBe(false);
  });

  it('decrypts what web-push sends and records its headers and VAPID claims', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
    const payload = JSON.stringify({ kind: 'reply', author: 'सुश्री राव', message_id: 'm1', language: 'hi' });
    expect(await send(subscription.json, payload, { urgency: 'high', topic: 'conversation-1' })).toBe(201);
    const push = await service.nextPush((p) => p.subscriptionId === subscription.id);
    expect(push).toMatchObject({
      subscriptionId: subscription.id,
      status: 201,
      ttl: 3600,
      urgency: 'high',
      topic: 'conversation-1',
      text: payload,
      json: { author: 'सुश्री राव' },
      vapid: { aud: service.origin, sub: 'mailto:ops@example.org' },
    });
  });

  it('hands the next push to a test that waits before it is sent', async () => {
    const subscription = service.subscribe();
    const waiting = service.nextPush((p) => p.subscriptionId === subscription.id);
    await send(subscription.json, 'later');
    expect((await waiting).text).toBe('later');
  });

  it.each([
    [410, undefined],
    [404, undefined],
    [429, '7'],
    [503, undefined],
  ])('answers %s (Retry-After %s) when a test says so, then 201 again', async (status, retryAfter) => {
    const subscription = service.subscribe();
    service.answer(subscription, { status, ...(retryAfter ? { retryAfter } : {}) });
    const refused = await send(subscription.json, 'x');
    expect(refused).toMatchObject({ statusCode: status, ...(retryAfter ? { headers: { 'retry-after': '7' } } : {}) });
    expect(await send(subscription.json, 'y')).toBe(201);
    expect(service.pushesTo(subscription).map((p) => p.status)).toEqual([status, 201]);
  });

  it('answers 410 for ever once a subscription has expired', async () => {
    const subscription = service.subscribe();
    service.expire(subscription);
    expect(await send(subscription.json, 'a')).toMatchObject({ statusCode: 410 });
    expect(await send(subscription.json, 'b')).toMatchObject({ statusCode: 410 });
  });

  it('refuses a push signed with a key other than the one the page subscribed with', async () => {
    const subscription = service.subscribe({ applicationServerKey: webpush.generateVAPIDKeys().publicKey });
    expect(await send(subscription.json, 'x')).toMatchObject({ statusCode: 403 });
    await expect(service.nextPush((p) => p.subscriptionId === subscription.id)).rejects.toThrow(/another key/);
  });

  it('refuses a JWT whose audience is another origin', async () => {
    const subscription = service.subscribe();
    const headers = webpush.getVapidHeaders(
      'https://push.example.net',
      'mailto:ops@example.org',
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    expect(await send(subscription.json, 'x', { headers, vapidDetails: undefined })).toMatchObject({ statusCode: 401 });
    await expect(service.nextPush((p) => p.subscriptionId === subscription.id)).rejects.toThrow(/aud/);
  });

  it('refuses a JWT signed by one key and sent with another', async () => {
    const subscription = service.subscribe();
    const other = webpush.generateVAPIDKeys();
    const { Authorization } = webpush.getVapidHeaders(
      service.origin,
      'mailto:a@b.org',
      vapid.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    expect(await send(subscription.json, 'x', { headers: { Authorization }, vapidDetails: undefined })).toMatchObject({
      statusCode: 401,
    });
    await expect(service.nextPush((p) => p.subscriptionId === subscription.id)).rejects.toThrow(/signature/);
  });

  it.each([
    ['an expiry more than 24 h ahead', { exp: 25 * 3600 }, /24 h/],
    ['an expiry already past', { exp: -60 }, /expired/],
    ['a subject that is neither mailto: nor https:', { sub: 'http://example.org' }, /sub/],
  ])('refuses a JWT with %s', async (_case, change, reason) => {
    const subscription = service.subscribe();
    const now = Math.floor(Date.now() / 1000);
    const claims = { aud: service.origin, exp: now + 3600, sub: 'mailto:ops@example.org', ...change };
    if ('exp' in change) claims.exp = now + change.exp;
    const headers = { Authorization: vapidWith(claims) };
    expect(await send(subscription.json, 'x', { headers, vapidDetails: undefined })).toMatchObject({ statusCode: 401 });
    await expect(service.nextPush((p) => p.subscriptionId === subscription.id)).rejects.toThrow(reason);
  });

  it('accepts a JWT it made itself with the same claims web-push writes, so the checks above are the claims’', async () => {
    const subscription = service.subscribe();
    const claims = {
      aud: service.origin,
      exp: Math.floor(Date.now() / 1000) + 3600,
      sub: 'https://thrive.example.org',
    };
    const headers = { Authorization: vapidWith(claims) };
    expect(await send(subscription.json, 'ok', { headers, vapidDetails: undefined })).toBe(201);
  });

  it('refuses a body encrypted for another subscription, as the browser would', async () => {
    const subscription = service.subscribe();
    const other = service.subscribe();
    await send({ endpoint: subscription.json.endpoint, keys: other.json.keys }, 'x');
    await expect(service.nextPush((p) => p.subscriptionId === subscription.id)).rejects.toThrow();
  });

  it('answers 404 for an endpoint it never handed out', async () => {
    const subscription = service.subscribe();
    const unknown = { ...subscription.json, endpoint: `${service.origin}/push/never-made` };
    expect(await send(unknown, 'x')).toMatchObject({ statusCode: 404 });
  });
});
