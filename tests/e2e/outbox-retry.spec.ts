import type { Page } from '@playwright/test';
import { FIRST_RETRY_MS } from '../../src/shared/outbox/policy.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, openSignedIn } from '../support/registered-parent.ts';
import { NOW, savedPanel, sendChat, storedOutbox, waitForOutboxIdle, type StoredItem } from './outbox-support.ts';

/** Waits for the item to come back from an attempt: waiting again, with `attempts` recorded. */
async function afterAttempt(page: Page, attempts: number): Promise<StoredItem> {
  await expect.poll(async () => (await storedOutbox(page))[0]).toMatchObject({ attempts, state: 'queued' });
  const [item] = await storedOutbox(page);
  if (!item) throw new Error('the item left the outbox');
  return item;
}

test.describe('retrying with backoff', () => {
  test('503, then 502, then 200: one accepted delivery of one request, each retry within its backoff', async ({
    page,
    webhook,
  }) => {
    webhook
      .reply({ status: 503, body: 'Busy' })
      .reply({ status: 502, body: 'Bad gateway' })
      .reply({ body: { message: 'Thanks!' } });
    // The page's clock is fake and paused: only runFor moves it, so the backoff is measured, not waited for.
    await page.clock.install({ time: new Date(Date.parse(NOW) - 60_000) });
    await openSignedIn(page, '/registered-parent/chat');
    // The screen is a lazy chunk: it must be on screen before the clock stops, or it never renders.
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
    await page.clock.pauseAt(new Date(NOW));

    await sendChat(page, 'Can we talk about reading?');
    await expect(savedPanel(page)).toBeVisible();
    const first = await afterAttempt(page, 1);
    const firstWait = first.nextAttemptAt - first.queuedAt;
    // First retry within 5 s; "equal jitter" never waits less than half the step.
    expect(firstWait).toBeGreaterThanOrEqual(FIRST_RETRY_MS / 2);
    expect(firstWait).toBeLessThanOrEqual(FIRST_RETRY_MS);
    expect(webhook.requests).toHaveLength(1);

    await page.clock.runFor(FIRST_RETRY_MS);
    await webhook.waitForRequests(2);
    const second = await afterAttempt(page, 2);
    const failedAt = await page.evaluate(() => Date.now());
    const secondWait = second.nextAttemptAt - failedAt;
    // The step doubles: 5 to 10 s.
    expect(secondWait).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
    expect(secondWait).toBeLessThanOrEqual(2 * FIRST_RETRY_MS);
    expect(second.lastError).toMatchObject({ kind: 'http', status: 502, message: 'Bad gateway' });

    await page.clock.runFor(2 * FIRST_RETRY_MS);
    await webhook.waitForRequests(3);
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    // Sonner shows a toast from a zero-delay timer: let the paused clock tick once.
    await page.clock.runFor(1);
    await expectToast(page, 'success', 'Your message was sent');

    const ids = new Set(webhook.requests.map((request) => (request.body as { request_id: string }).request_id));
    expect(ids.size).toBe(1);
    expect(new Set(webhook.requests.map((request) => request.rawBody)).size).toBe(1);

    // Long after: no timer is left to send it again.
    await page.clock.runFor('10:00');
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(3);
  });
});
