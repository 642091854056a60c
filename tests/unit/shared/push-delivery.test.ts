import { describe, expect, it } from 'vitest';
import {
  deliveryVerdict,
  pushHeaders,
  PUSH_MAX_ATTEMPTS,
  RETRY_AFTER_MAX_MS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  retryAfterMs,
  sendingDecision,
} from '../../../src/shared/push/delivery.ts';
import { pushPayload } from '../../../src/shared/push/payload.ts';
import {
  BROWSER_PUSH_SERVICE_HOSTS,
  pushServiceHosts,
  subscriptionProblem,
} from '../../../src/shared/push/subscription.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  PUSH_PAYLOAD_MAX_BYTES,
  type NotificationSettings,
  type PushMessage,
} from '../../../src/shared/webhook/push.ts';

const NOW = new Date('2026-11-25T06:30:00Z');
const middle = () => 0.5;
const waitOf = (verdict: ReturnType<typeof deliveryVerdict>) =>
  verdict.kind === 'retry' ? verdict.at.getTime() - NOW.getTime() : verdict.kind;

describe('what a push service’s answer means', () => {
  it.each([
    [201, 'sent'],
    [202, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [400, 'drop'],
    [401, 'drop'],
    [403, 'drop'],
    [413, 'drop'],
  ])('%s: %s', (status, kind) => {
    expect(deliveryVerdict(status, undefined, 0, NOW, middle).kind).toBe(kind);
  });

  it.each([0, 429, 500, 502, 503])('%s: retried, later after each try, up to the cap', (status) => {
    const waits = [0, 1, 2, 3, 12].map((attempts) =>
      waitOf(deliveryVerdict(status, undefined, attempts % 7, NOW, middle)),
    );
    expect(waits.slice(0, 4)).toEqual([RETRY_BASE_MS, RETRY_BASE_MS * 2, RETRY_BASE_MS * 4, RETRY_BASE_MS * 8]);
    expect(waitOf(deliveryVerdict(status, undefined, 6, NOW, middle))).toBeLessThanOrEqual(RETRY_MAX_MS);
  });

  it('spreads retries by a fifth either way', () => {
    expect(waitOf(deliveryVerdict(503, undefined, 0, NOW, () => 0))).toBe(RETRY_BASE_MS * 0.8);
    expect(waitOf(deliveryVerdict(503, undefined, 0, NOW, () => 0.999_999))).toBeCloseTo(RETRY_BASE_MS * 1.2, -1);
  });

  it('gives up after the last try', () => {
    expect(deliveryVerdict(503, undefined, PUSH_MAX_ATTEMPTS - 2, NOW, middle).kind).toBe('retry');
    expect(deliveryVerdict(503, undefined, PUSH_MAX_ATTEMPTS - 1, NOW, middle).kind).toBe('drop');
  });

  it.each([
    ['seconds', '120', 120_000],
    ['an HTTP date', new Date(NOW.getTime() + 90_000).toUTCString(), 90_000],
    ['a date already past', new Date(NOW.getTime() - 90_000).toUTCString(), 0],
    ['nonsense', 'soon', undefined],
  ])('reads Retry-After given as %s', (_case, header, ms) => {
    expect(retryAfterMs(header, NOW)).toBe(ms);
  });

  it('waits for Retry-After when it is longer than the backoff, and for the backoff when it is shorter', () => {
    expect(waitOf(deliveryVerdict(429, '120', 0, NOW, middle))).toBe(120_000);
    expect(waitOf(deliveryVerdict(429, '1', 0, NOW, middle))).toBe(RETRY_BASE_MS);
    expect(waitOf(deliveryVerdict(429, String(24 * 3600), 0, NOW, middle))).toBe(RETRY_AFTER_MAX_MS);
  });
});

describe('what the settings as they are now make of a push, held or due', () => {
  // 22:00 in India, an hour into the default quiet hours (21:00 to 07:00), where a reply was held until 07:00.
  const HELD_AT = new Date('2026-11-25T16:30:00Z');
  const settings = (change: Partial<NotificationSettings>) => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...change });
  const decided = (
    kind: PushMessage['kind'],
    change: Partial<NotificationSettings>,
    expiresAt: string | null = null,
    urgent = false,
  ) => {
    const decision = sendingDecision(kind, settings(change), HELD_AT, expiresAt, urgent);
    return decision.kind === 'hold' ? decision.until.toISOString() : decision.kind;
  };

  it.each([
    ['the default quiet hours: held until 07:00', 'reply', {}, '2026-11-26T01:30:00.000Z'],
    ['quiet hours turned off', 'reply', { quiet_start: '00:00', quiet_end: '00:00' }, 'send'],
    ['quiet hours shortened to end at 22:00', 'reply', { quiet_end: '22:00' }, 'send'],
    ['quiet hours shortened to end at 23:00', 'reply', { quiet_end: '23:00' }, '2026-11-25T17:30:00.000Z'],
    ['quiet hours lengthened to 08:00', 'reply', { quiet_end: '08:00' }, '2026-11-26T02:30:00.000Z'],
    ['quiet hours moved to start at 23:00', 'reply', { quiet_start: '23:00' }, 'send'],
    ['replies turned off', 'reply', { replies: false }, 'drop'],
    ['replies turned off with quiet hours off', 'reply', { replies: false, quiet_end: '21:00' }, 'drop'],
    ['a request update in the quiet hours', 'request_update', {}, '2026-11-26T01:30:00.000Z'],
    ['request updates turned off', 'request_update', { request_updates: false }, 'drop'],
    ['another kind turned off', 'request_update', { replies: false, reminders: false }, '2026-11-26T01:30:00.000Z'],
    ['a reminder, never held', 'reminder', {}, 'send'],
    ['reminders turned off', 'reminder', { reminders: false }, 'drop'],
    ['an announcement in the quiet hours', 'announcement', {}, '2026-11-26T01:30:00.000Z'],
    ['announcements turned off', 'announcement', { announcements: false }, 'drop'],
  ] as const)('%s: %s', (_case, kind, change, expected) => {
    expect(decided(kind, change)).toBe(expected);
  });

  it('sends an urgent announcement in the quiet hours, unless announcements are off', () => {
    expect(decided('announcement', {}, null, true)).toBe('send');
    expect(decided('announcement', { announcements: false }, null, true)).toBe('drop');
  });

  it('drops a push that has expired, and sends one that has not', () => {
    expect(decided('reminder', {}, '2026-11-25T16:30:00.000Z')).toBe('drop');
    expect(decided('reminder', {}, '2026-11-25T16:30:00.001Z')).toBe('send');
  });
});

describe('the headers of each kind of push', () => {
  it.each([
    [
      { kind: 'reply', message_id: '7', author: 'Ms. Rao', language: 'en' },
      { urgency: 'high', topic: 'conversation' },
    ],
    [
      { kind: 'request_update', request_id: 'AB-cd', outcome: 'offered', language: 'hi' },
      { urgency: 'normal', topic: 'request-ABcd' },
    ],
    [
      { kind: 'announcement', announcement_id: 'an-1', title: 'Diwali', urgent: false, language: 'en' },
      { urgency: 'normal', topic: 'news-an1' },
    ],
    [
      { kind: 'announcement', announcement_id: 'an-2', title: 'Diwali', urgent: true, language: 'hi' },
      { urgency: 'high', topic: 'news-an2' },
    ],
  ] as [PushMessage, object][])('%j', (message, expected) => {
    expect(pushHeaders(message, NOW)).toMatchObject(expected);
  });

  it('keeps a reminder until its session starts, and at least a minute', () => {
    const reminder = (startsAt: string, lead: 'day_before' | 'hour_before'): PushMessage => ({
      kind: 'reminder',
      session: { day: 'Wednesday 25 Nov', time: '4:30 PM', facilitator: 'Arjun Rao' },
      lead,
      starts_at: startsAt,
      language: 'en',
    });
    expect(pushHeaders(reminder('2026-11-25T07:30:00Z', 'hour_before'), NOW)).toEqual({
      ttl: 3600,
      urgency: 'high',
      topic: 'reminder',
    });
    expect(pushHeaders(reminder('2026-11-25T06:30:30Z', 'day_before'), NOW)).toMatchObject({
      ttl: 60,
      urgency: 'normal',
    });
  });
});

describe('the push payload', () => {
  const reply = (text?: string): PushMessage => ({
    kind: 'reply',
    message_id: '12',
    author: 'Ms. Rao',
    ...(text === undefined ? {} : { text }),
    language: 'hi',
  });
  const bytes = (text: string) => new TextEncoder().encode(text).length;

  it('is the message’s JSON when it fits', () => {
    expect(JSON.parse(pushPayload(reply('छोटा संदेश')))).toEqual(reply('छोटा संदेश'));
  });

  it.each([
    ['Devanagari (3 bytes a character)', 'क'.repeat(2000)],
    ['escapes (6 bytes a character)', '\u0001'.repeat(1000)],
    ['emoji (surrogate pairs)', '🙂'.repeat(1000)],
  ])('cuts a long reply in %s to fit %s bytes, at a whole character, with an ellipsis', (_case, text) => {
    const payload = pushPayload(reply(text));
    expect(bytes(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(bytes(payload)).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 12);
    const cut = (JSON.parse(payload) as { text: string }).text;
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });
});

describe('a usable subscription', () => {
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', keys, undefined],
    ['http://fcm.googleapis.com/fcm/send/abc', keys, 'endpoint'],
    [`https://push.example/${'a'.repeat(2048)}`, keys, 'endpoint'],
    ['https://push.example/#x', keys, 'endpoint'],
    ['https://push.example/x', { ...keys, p256dh: `A${'A'.repeat(86)}` }, 'p256dh'],
    ['https://push.example/x', { ...keys, p256dh: `B${'A'.repeat(87)}` }, 'p256dh'],
    ['https://push.example/x', { ...keys, p256dh: `B${'A'.repeat(85)}` }, 'p256dh'],
    ['https://push.example/x', { ...keys, auth: 'A'.repeat(22) + '==' }, undefined],
    ['https://push.example/x', { ...keys, auth: 'A'.repeat(24) }, 'auth'],
    ['https://push.example/x', { ...keys, auth: 'A+'.repeat(11) }, 'auth'],
  ])('%s with %j: %s', (endpoint, subscriptionKeys, problem) => {
    expect(subscriptionProblem({ endpoint, keys: subscriptionKeys }, ['push.example', 'fcm.googleapis.com'])).toBe(
      problem,
    );
  });

  it("is on a push service's host: the browsers' by default, or the setting's, with their subdomains", () => {
    const on = (endpoint: string, setting?: string) =>
      subscriptionProblem({ endpoint, keys }, pushServiceHosts(setting)) ?? 'usable';
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://Updates.Push.Services.Mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGuQ',
      'https://wns2-pn1p.notify.windows.com/w/?token=abc',
    ]) {
      expect(on(endpoint), endpoint).toBe('usable');
    }
    for (const endpoint of [
      'https://127.0.0.1:8443/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.com/x',
      'https://internal.thrive.example/admin',
    ]) {
      expect(on(endpoint), endpoint).toBe('endpoint');
    }
    // A setting replaces the list; blank entries and spaces are nothing.
    expect(on('https://127.0.0.1:8443/push/1', ' 127.0.0.1 , , push.test')).toBe('usable');
    expect(on('https://a.push.test/1', '127.0.0.1,push.test')).toBe('usable');
    expect(on('https://fcm.googleapis.com/fcm/send/abc', '127.0.0.1')).toBe('endpoint');
    expect(pushServiceHosts('  ')).toEqual(BROWSER_PUSH_SERVICE_HOSTS);
  });
});
