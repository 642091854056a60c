import { FIRST_RETRY_MS } from '../../src/shared/outbox/policy.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from '../support/registered-parent.ts';
import { openControlled, savedPanel, sendChat, storedOutbox, waitForOutboxIdle } from '../support/outbox.ts';

/** Timers in a browser fire a little late, never early; a loaded CI machine adds to that. */
const LATE_MS = 1_500;

test.describe('retrying with backoff', () => {
  test('503, then 502, then 200: one accepted delivery of one request, each retry within its backoff', async ({
    page,
    webhook,
  }) => {
    test.setTimeout(60_000);
    webhook
      .reply({ status: 503, body: 'Busy' })
      .reply({ status: 502, body: 'Bad gateway' })
      .reply({ body: { message: 'Thanks!' } });
    // Real time, worker in control: the worker sends, the page's timer asks it to try again.
    await openControlled(page, '/registered-parent/chat');

    await sendChat(page, 'Can we talk about reading?');
    await expect(savedPanel(page)).toBeVisible();
    const [first, second, third] = await webhook.waitForRequests(3, 30_000);
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    await expectToast(page, 'success', 'Your message was sent');

    // First retry within 5 s; "equal jitter" never waits less than half the step. Then the step doubles.
    const firstWait = (second?.receivedAt ?? 0) - (first?.receivedAt ?? 0);
    const secondWait = (third?.receivedAt ?? 0) - (second?.receivedAt ?? 0);
    expect(firstWait).toBeGreaterThanOrEqual(FIRST_RETRY_MS / 2);
    expect(firstWait).toBeLessThanOrEqual(FIRST_RETRY_MS + LATE_MS);
    expect(secondWait).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
    expect(secondWait).toBeLessThanOrEqual(2 * FIRST_RETRY_MS + LATE_MS);

    const ids = new Set(webhook.requests.map((request) => (request.body as { request_id: string }).request_id));
    expect(ids.size).toBe(1);
    expect(new Set(webhook.requests.map((request) => request.rawBody)).size).toBe(1);

    // Long after: no timer is left to send it again.
    await page.waitForTimeout(2 * FIRST_RETRY_MS);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(3);
  });
});
