import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../../../server/conversation/policy.ts';
import { PUSH_MAX_ATTEMPTS, REPLY_TTL_S } from '../../../../src/shared/push/delivery.ts';
import { PUSH_PAYLOAD_MAX_BYTES } from '../../../../src/shared/webhook/push.ts';
import type { FakePushService, FakeSubscription } from '../../../support/fake-push-service.ts';
import { QUIET_PARENT_NUMBER, pushPortalPerTest, type PushPortal } from './push-portal.ts';

let service: FakePushService;
let p: PushPortal;
pushPortalPerTest((current) => ({ p, service } = current));

const to = (subscription: FakeSubscription) => (push: { subscriptionId?: string }) =>
  push.subscriptionId === subscription.id;
const jobs = () => p.count('SELECT count(*) FROM push_jobs');
const at = (iso: string) => {
  p.clock.now = new Date(iso);
};
const later = (ms: number) => {
  p.clock.now = new Date(p.clock.now.getTime() + ms);
};

describe('a staff reply’s push', () => {
  it('goes to each of the parent’s devices, readable as the browser decrypts it, with TTL, Urgency and Topic', async () => {
    const token = p.device();
    const phone = await p.subscribe(token);
    const tablet = await p.subscribe(p.device(), { language: 'hi' });
    const stranger = await p.subscribe(p.device(QUIET_PARENT_NUMBER));
    const id = p.reply('Your session moved to Friday.');
    expect(jobs()).toBe(2);
    await p.push.drain();
    const [onPhone, onTablet] = await Promise.all([service.nextPush(to(phone)), service.nextPush(to(tablet))]);
    expect(onPhone).toMatchObject({ status: 201, ttl: REPLY_TTL_S, urgency: 'high', topic: 'conversation' });
    expect(onPhone.json).toEqual({ kind: 'reply', message_id: String(id), author: 'Ms. Rao', language: 'en' });
    expect(onTablet.json).toMatchObject({ kind: 'reply', language: 'hi' });
    expect(onPhone.text).not.toContain(token);
    expect(service.pushesTo(stranger)).toEqual([]);
    expect(jobs()).toBe(0);
  });

  it('carries the reply’s text only when the parent chose show_text, cut to fit the payload limit', async () => {
    const token = p.device();
    const subscription = await p.subscribe(token);
    await p.post({ action: 'push_settings', payload: { settings: { show_text: true } } }, token);
    const long = 'नमस्ते, '.repeat(600);
    p.reply(long);
    await p.push.drain();
    const push = await service.nextPush(to(subscription));
    const text = (push.json as { text: string }).text;
    expect(new TextEncoder().encode(push.text).length).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(text.endsWith('…')).toBe(true);
    expect(long.startsWith(text.slice(0, -1))).toBe(true);
  });

  it.each([410, 404] as const)(
    'deletes the subscription and its waiting pushes when the service answers %s',
    async (status) => {
      const subscription = await p.subscribe(p.device());
      service.expire(subscription, status);
      p.reply('one');
      p.reply('two');
      await p.push.drain();
      expect((await service.nextPush(to(subscription))).status).toBe(status);
      expect(p.count('SELECT count(*) FROM push_subscriptions')).toBe(0);
      expect(jobs()).toBe(0);
      expect(service.pushesTo(subscription)).toHaveLength(1);
    },
  );

  it('retries after 429 no sooner than Retry-After, then delivers', async () => {
    const subscription = await p.subscribe(p.device());
    service.answer(subscription, { status: 429, retryAfter: 120 });
    p.reply('busy');
    await p.push.drain();
    expect((await service.nextPush(to(subscription))).status).toBe(429);
    later(119_000);
    await p.push.drain();
    expect(service.pushesTo(subscription)).toHaveLength(1);
    later(1_000);
    await p.push.drain();
    expect((await service.nextPush(to(subscription))).status).toBe(201);
    expect(jobs()).toBe(0);
  });

  it('retries 5xx with a growing backoff, and gives up after the last try', async () => {
    const subscription = await p.subscribe(p.device());
    service.answer(subscription, { status: 503, times: Infinity });
    p.reply('down');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt += 1) {
      await p.push.drain();
      expect((await service.nextPush(to(subscription))).status).toBe(503);
      const next = p.push.store.nextDue();
      if (!next) break;
      waits.push(next.getTime() - p.clock.now.getTime());
      p.clock.now = next;
    }
    expect(service.pushesTo(subscription)).toHaveLength(PUSH_MAX_ATTEMPTS);
    expect(jobs()).toBe(0);
    expect(waits).toHaveLength(PUSH_MAX_ATTEMPTS - 1);
    waits.slice(1).forEach((wait, i) => expect(wait).toBeGreaterThan(waits[i] ?? Infinity));
    expect(p.count('SELECT count(*) FROM push_subscriptions')).toBe(1);
  });

  it('retries when the push service cannot be reached at all', async () => {
    const token = p.device();
    const subscription = service.subscribe().json;
    const closed = { ...subscription, endpoint: 'https://127.0.0.1:9/push/nobody' };
    expect((await p.post({ action: 'push_subscribe', payload: { subscription: closed } }, token)).statusCode).toBe(200);
    p.reply('nowhere');
    await p.push.drain();
    expect(p.count('SELECT attempts FROM push_jobs')).toBe(1);
    expect(p.push.store.nextDue()?.getTime()).toBeGreaterThan(p.clock.now.getTime());
  });

  it('drops, without retrying, a push the service refuses as signed with another key (403)', async () => {
    const token = p.device();
    const subscription = service.subscribe({ applicationServerKey: 'B'.repeat(87) });
    await p.post({ action: 'push_subscribe', payload: { subscription: subscription.json } }, token);
    p.reply('wrong key');
    await p.push.drain();
    await expect(service.nextPush(to(subscription))).rejects.toThrow(/another key/);
    expect(jobs()).toBe(0);
  });

  it('waits for the end of the quiet hours, then goes', async () => {
    const subscription = await p.subscribe(p.device());
    at('2026-11-25T22:00:00+05:30');
    p.reply('late');
    await p.push.drain();
    expect(p.push.store.nextDue()?.toISOString()).toBe('2026-11-26T01:30:00.000Z');
    at('2026-11-26T06:59:00+05:30');
    await p.push.drain();
    expect(service.pushesTo(subscription)).toEqual([]);
    at('2026-11-26T07:00:00+05:30');
    await p.push.drain();
    expect((await service.nextPush(to(subscription))).json).toMatchObject({ kind: 'reply' });
  });

  it('is not sent to a device whose token has ended, whose subscription then goes', async () => {
    const subscription = await p.subscribe(p.device());
    later(TOKEN_LIFETIME_MS);
    p.reply('too late');
    await p.push.drain();
    expect(service.pushesTo(subscription)).toEqual([]);
    expect(p.count('SELECT count(*) FROM push_subscriptions')).toBe(0);
  });

  it('is dropped at sending when the parent has turned replies off', async () => {
    const token = p.device();
    const subscription = await p.subscribe(token);
    await p.post({ action: 'push_settings', payload: { settings: { replies: false } } }, token);
    p.reply('unwanted');
    expect(jobs()).toBe(1);
    await p.push.drain();
    expect(jobs()).toBe(0);
    expect(service.pushesTo(subscription)).toEqual([]);
  });
});

describe('a push held in the quiet hours, when the device’s settings change', () => {
  const NEVER_QUIET = { quiet_start: '00:00', quiet_end: '00:00' };
  /** A reply at 22:00 in India, held until 07:00 by the default quiet hours. */
  async function heldReply(token: string) {
    const subscription = await p.subscribe(token);
    at('2026-11-25T22:00:00+05:30');
    p.reply('late');
    await p.push.drain();
    expect(p.push.store.nextDue()?.toISOString()).toBe('2026-11-26T01:30:00.000Z');
    return subscription;
  }
  const change = (token: string, settings: object) => p.post({ action: 'push_settings', payload: { settings } }, token);

  it('goes at once when the parent turns the quiet hours off', async () => {
    const token = p.device();
    const subscription = await heldReply(token);
    const sent = service.nextPush(to(subscription));
    expect((await change(token, NEVER_QUIET)).statusCode).toBe(200);
    expect((await sent).json).toMatchObject({ kind: 'reply' });
    await p.push.drain();
    expect(jobs()).toBe(0);
  });

  it('waits only until the new end when the quiet hours are shortened', async () => {
    const token = p.device();
    const subscription = await heldReply(token);
    await change(token, { quiet_end: '23:00' });
    await p.push.drain();
    expect(p.push.store.nextDue()?.toISOString()).toBe('2026-11-25T17:30:00.000Z');
    at('2026-11-25T23:00:00+05:30');
    await p.push.drain();
    expect((await service.nextPush(to(subscription))).json).toMatchObject({ kind: 'reply' });
  });

  it('is dropped when the parent turns replies off', async () => {
    const token = p.device();
    const subscription = await heldReply(token);
    await change(token, { replies: false });
    await p.push.drain();
    expect(jobs()).toBe(0);
    expect(service.pushesTo(subscription)).toEqual([]);
  });

  it('of another device stays held, and one of the device waiting for a retry keeps its time', async () => {
    const token = p.device();
    const phone = await p.subscribe(token);
    const tablet = await p.subscribe(p.device());
    at('2026-11-25T22:00:00+05:30');
    p.reply('first');
    p.reply('second');
    await p.push.drain();
    const first = p.count('SELECT min(j.id) FROM push_jobs j WHERE j.endpoint = ?', phone.json.endpoint);
    const retryAt = new Date('2026-11-25T16:35:00.000Z');
    p.push.store.retry(first, retryAt);
    const sent = service.nextPush(to(phone));
    await change(token, NEVER_QUIET);
    expect((await sent).json).toMatchObject({ kind: 'reply' });
    await p.push.drain();
    expect(service.pushesTo(phone)).toHaveLength(1);
    expect(p.push.store.nextDue()).toEqual(retryAt);
    const heldUntilSeven = 'SELECT count(*) FROM push_jobs WHERE endpoint = ? AND not_before = ?';
    expect(p.count(heldUntilSeven, tablet.json.endpoint, '2026-11-26T01:30:00.000Z')).toBe(2);
    expect(service.pushesTo(tablet)).toEqual([]);
  });
});

describe('a request update’s push', () => {
  const update = { request_id: '3f2b8c1e-9a4d-4e2b-8f1a-7c6d5e4b3a21', outcome: 'confirmed' } as const;

  it('goes to the parent’s devices in their language, under request_updates, with a Topic per request', async () => {
    const subscription = await p.subscribe(p.device(), { language: 'hi' });
    expect(p.push.notifyRequestUpdate('+919000000001', update)).toBe(1);
    await p.push.drain();
    const push = await service.nextPush(to(subscription));
    expect(push.json).toEqual({ kind: 'request_update', ...update, language: 'hi' });
    expect(push.topic).toBe('request-3f2b8c1e9a4d4e2b8f1a7c6d');
  });

  it('is not sent to a device that turned request updates off', async () => {
    const token = p.device();
    const subscription = await p.subscribe(token);
    await p.post({ action: 'push_settings', payload: { settings: { request_updates: false } } }, token);
    p.push.notifyRequestUpdate('+919000000001', update);
    await p.push.drain();
    expect(service.pushesTo(subscription)).toEqual([]);
    expect(jobs()).toBe(0);
  });
});
