import { describe, expect, it } from 'vitest';
import {
  FIRST_RETRY_MS,
  isStale,
  MAX_RETRY_MS,
  retryDelay,
  shouldQueue,
  STALE_AFTER_MS,
} from '../../../../src/shared/outbox/policy.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { seeded } from '../../../support/seeded.ts';

describe('shouldQueue', () => {
  it.each([
    ['a network failure', new WebhookError('network', 'Failed to fetch'), true],
    ['a timeout', new WebhookError('timeout', 'No answer within 20 s'), true],
    ['HTTP 408', new WebhookError('http', 'Request Timeout', 408), true],
    ['HTTP 429', new WebhookError('http', 'Too Many Requests', 429), true],
    ['HTTP 500', new WebhookError('http', 'Workflow crashed', 500), true],
    ['HTTP 502', new WebhookError('http', 'Bad Gateway', 502), true],
    ['HTTP 503', new WebhookError('http', 'Service Unavailable', 503), true],
    ['HTTP 504', new WebhookError('http', 'Gateway Timeout', 504), true],
    ['HTTP 400', new WebhookError('http', 'Bad phone', 400), false],
    ['HTTP 401', new WebhookError('http', 'Unauthorized', 401), false],
    ['HTTP 404', new WebhookError('http', 'Failed to submit request', 404), false],
    ['HTTP 413', new WebhookError('http', 'Payload Too Large', 413), false],
    ['HTTP 422', new WebhookError('http', 'Unknown date', 422), false],
    ['an error that is not the webhook client’s', new TypeError('Cannot read a file'), false],
  ])('queues %s: %s', (_case, error, queued) => {
    expect(shouldQueue(error)).toBe(queued);
  });
});

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
    expect(FIRST_RETRY_MS).toBe(5_000);
    expect(MAX_RETRY_MS).toBe(300_000);
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
