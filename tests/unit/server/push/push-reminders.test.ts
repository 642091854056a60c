import { beforeEach, describe, expect, it } from 'vitest';
import type { FakePushService, FakeSubscription } from '../../../support/fake-push-service.ts';
import { pushPortalPerTest, type PushPortal } from './push-portal.ts';

// The test roster's first parent has sessions on Monday 09:00, Wednesday 10:15 and 16:30, and Sunday 23:30 (IST).
let service: FakePushService;
let p: PushPortal;
let token: string;
let subscription: FakeSubscription;
pushPortalPerTest((current) => ({ p, service } = current));
beforeEach(async () => {
  token = p.device();
  subscription = await p.subscribe(token, { language: 'hi' });
});

const at = (iso: string) => {
  p.clock.now = new Date(iso);
};
const settings = (change: Record<string, unknown>) =>
  p.post({ action: 'push_settings', payload: { settings: change } }, token);

describe('session reminders on the server', () => {
  it('sends the hour-before reminder once, with the session in the schedule’s words, kept until the session starts', async () => {
    at('2026-11-25T15:30:00+05:30');
    expect(p.push.tick()).toBe(1);
    expect(p.push.tick()).toBe(0);
    at('2026-11-25T15:31:00+05:30');
    expect(p.push.tick()).toBe(0);
    await p.push.drain();
    const push = await service.nextPush((sent) => sent.subscriptionId === subscription.id);
    expect(push.json).toEqual({
      kind: 'reminder',
      session: { day: 'Wednesday 25 Nov', time: '4:30 PM', facilitator: 'Arjun Rao' },
      lead: 'hour_before',
      starts_at: '2026-11-25T16:30:00.000+05:30',
      language: 'hi',
    });
    expect(push).toMatchObject({ urgency: 'high', topic: 'reminder', ttl: 60 * 60 - 60 });
    expect(service.pushesTo(subscription)).toHaveLength(1);
  });

  it('sends the day-before reminders at 18:00 IST for each of the next day’s sessions', async () => {
    at('2026-11-24T18:00:00+05:30');
    expect(p.push.tick()).toBe(2);
    await p.push.drain();
    const times = service
      .pushesTo(subscription)
      .map((push) => (push.json as { session: { time: string } }).session.time);
    expect(times.sort()).toEqual(['10:15 AM', '4:30 PM']);
  });

  it('drops a reminder whose moment passed while the server was not looking', async () => {
    at('2026-11-25T15:45:00+05:30');
    expect(p.push.tick()).toBe(0);
  });

  it('drops a reminder whose moment falls in the quiet hours, and sends it when they are off', async () => {
    // Sunday 23:30: its hour-before reminder is at 22:30, inside 21:00 to 07:00.
    at('2026-11-29T22:30:00+05:30');
    expect(p.push.tick()).toBe(0);
    await settings({ quiet_start: '00:00', quiet_end: '00:00' });
    expect(p.push.tick()).toBe(1);
  });

  it('sends none to a device whose reminders are off, nor after it unsubscribed', async () => {
    await settings({ reminders: false });
    at('2026-11-25T15:30:00+05:30');
    expect(p.push.tick()).toBe(0);
    await settings({ reminders: true });
    await p.post({ action: 'push_unsubscribe' }, token);
    expect(p.push.tick()).toBe(0);
  });

  it('drops a queued reminder that could not go before its session started', async () => {
    at('2026-11-25T15:30:00+05:30');
    service.answer(subscription, { status: 503 });
    p.push.tick();
    await p.push.drain();
    at('2026-11-25T16:30:00+05:30');
    await p.push.drain();
    expect(service.pushesTo(subscription).map((push) => push.status)).toEqual([503]);
    expect(p.count('SELECT count(*) FROM push_jobs')).toBe(0);
  });
});
