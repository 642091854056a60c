import { describe, expect, it } from 'vitest';
import type { OutboxAction, OutboxState } from '../../../../src/shared/outbox/types.ts';
import {
  awaitsConnection,
  isMootRefusal,
  isStale,
  onlineSettleMs,
  retryDelay,
  STALE_AFTER_MS,
} from '../../../../src/shared/outbox/policy.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { seeded } from '../../../support/seeded.ts';

describe('retryDelay', () => {
  it.each([
    [1, 2_500, 5_000],
    [2, 5_000, 10_000],
    [3, 10_000, 20_000],
    [4, 20_000, 40_000],
    [5, 40_000, 80_000],
    [6, 80_000, 160_000],
    [7, 150_000, 300_000],
    [8, 150_000, 300_000],
    [50, 150_000, 300_000],
    [5_000, 150_000, 300_000],
  ])('waits between %d failed attempt(s) and the next for %d to %d ms', (attempts, low, high) => {
    expect(retryDelay(attempts, () => 0)).toBe(low);
    expect(retryDelay(attempts, () => 0.999_999)).toBeLessThanOrEqual(high);
    const random = seeded(attempts);
    for (let draw = 0; draw < 200; draw += 1) {
      const delay = retryDelay(attempts, random);
      expect(delay).toBeGreaterThanOrEqual(low);
      expect(delay).toBeLessThanOrEqual(high);
    }
  });

  it('retries the first time within 5 seconds and never waits more than 5 minutes', () => {
    expect(retryDelay(1, () => 0.999_999)).toBeLessThanOrEqual(5_000);
    expect(retryDelay(Number.MAX_SAFE_INTEGER, () => 0.999_999)).toBeLessThanOrEqual(300_000);
  });

  it('reads zero attempts as the first retry', () => {
    expect(retryDelay(0, () => 0.5)).toBe(retryDelay(1, () => 0.5));
  });
});

describe('isStale', () => {
  const queuedAt = Date.UTC(2026, 10, 1);

  it.each([
    ['just queued', 0, false],
    ['a day old', 24 * 60 * 60_000, false],
    ['a millisecond short of 7 days', STALE_AFTER_MS - 1, false],
    ['exactly 7 days old', STALE_AFTER_MS, true],
    ['a month old', 30 * 24 * 60 * 60_000, true],
  ])('calls an item %s stale: %s', (_case, age, stale) => {
    expect(isStale({ queuedAt }, queuedAt + age)).toBe(stale);
  });
});

describe('awaitsConnection', () => {
  const noConnection = { name: 'WebhookError', kind: 'network', message: 'Failed to fetch' } as const;
  const noAnswer = { name: 'WebhookError', kind: 'timeout', message: 'No answer within 20 s' } as const;
  const busy = { name: 'WebhookError', kind: 'http', status: 503, message: 'Busy' } as const;
  const refused = { name: 'WebhookError', kind: 'http', status: 422, message: 'No' } as const;

  it.each<[string, { state: OutboxState; lastError?: typeof noConnection | typeof noAnswer | typeof busy }[], boolean]>(
    [
      ['nothing waits', [], false],
      ['the oldest waiting item found no connection', [{ state: 'queued', lastError: noConnection }], true],
      ['the oldest waiting item got no answer in time', [{ state: 'queued', lastError: noAnswer }], true],
      ['the oldest waiting item met a busy server', [{ state: 'queued', lastError: busy }], false],
      ['the oldest waiting item was never tried', [{ state: 'queued' }], false],
      [
        'a refused item is passed over for the oldest waiting one',
        [
          { state: 'failed', lastError: refused as never },
          { state: 'queued', lastError: noConnection },
        ],
        true,
      ],
      ['only refused items are left', [{ state: 'failed', lastError: refused as never }], false],
    ],
  )('asks for Background Sync when %s: %s', (_case, items, expected) => {
    expect(awaitsConnection(items)).toBe(expected);
  });
});

describe('onlineSettleMs', () => {
  it('waits 2 s, then twice as long each time, four times: passes at 0, 2, 6, 14 and 30 s after coming online', () => {
    const waits = [0, 1, 2, 3, 4, 5].map(onlineSettleMs);
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, undefined, undefined]);
  });
});

describe('isMootRefusal', () => {
  it.each<[string, OutboxAction, WebhookError, boolean]>([
    [
      'a mark of an announcement gone (404)',
      'mark_announcement_seen',
      new WebhookError('http', 'No announcement', 404),
      true,
    ],
    [
      'a mark refused as malformed (400)',
      'mark_announcement_seen',
      new WebhookError('http', 'Invalid payload', 400),
      false,
    ],
    [
      'a mark whose request_id was reused (409)',
      'mark_announcement_seen',
      new WebhookError('http', 'Reused', 409),
      false,
    ],
    ['a mark that got no answer', 'mark_announcement_seen', new WebhookError('network', 'Failed to fetch'), false],
    ['a reschedule answered 404', 'reschedule_single', new WebhookError('http', 'Not found', 404), false],
    [
      'an offer accepted after it was withdrawn (404)',
      'accept_offer',
      new WebhookError('http', 'Not found', 404),
      false,
    ],
    ['a chat read mark answered 404', 'mark_read', new WebhookError('http', 'Not found', 404), false],
  ])('leaves the outbox quietly after %s: %s', (_case, action, error, moot) => {
    expect(isMootRefusal(action, error)).toBe(moot);
  });
});
