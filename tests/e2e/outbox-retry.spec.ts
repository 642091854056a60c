import { FIRST_RETRY_MS, ONLINE_SETTLE_MS } from '../../src/shared/outbox/policy.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, openSignedIn } from '../support/registered-parent.ts';
import { savedPanel, sendChat, storedOutbox, waitForOutboxIdle } from '../support/outbox.ts';

/**
 * The backoff's figures (first retry within 5 s, never under half the step,
 * the step doubling) are the policy's unit tests (tests/unit/shared/outbox).
 * Here the page sends (the worker, whose clock a test cannot move, is
 * blocked; the lifecycle specs prove the worker's sends) and the page's clock
 * stands still, so a retry happens exactly when the test moves it past the
 * step, never by the machine's luck.
 */
test.describe('retrying with backoff', () => {
  test('503, then 502, then 200: one accepted delivery of one request, each retry when its backoff is due', async ({
    page,
    webhook,
  }) => {
    webhook
      .reply({ status: 503, body: 'Busy' })
      .reply({ status: 502, body: 'Bad gateway' })
      .reply({ body: { message: 'Thanks!' } });
    await page.clock.install();
    await openSignedIn(page, '/registered-parent/chat');
    await page.clock.pauseAt(Date.now() + 1_000);

    await sendChat(page, 'Can we talk about reading?');
    await expect(savedPanel(page)).toBeVisible();
    await webhook.waitForRequests(1);
    await expect.poll(async () => (await storedOutbox(page))[0]?.attempts).toBe(1);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(1);

    await page.clock.runFor(FIRST_RETRY_MS);
    await webhook.waitForRequests(2);
    await expect.poll(async () => (await storedOutbox(page))[0]?.attempts).toBe(2);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(2);

    await page.clock.runFor(2 * FIRST_RETRY_MS);
    await webhook.waitForRequests(3);
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    // The toast library animates with timers: let time flow again for it.
    await page.clock.resume();
    await expectToast(page, 'success', 'Your message was sent');

    const ids = new Set(webhook.requests.map((request) => (request.body as { request_id: string }).request_id));
    expect(ids.size).toBe(1);
    expect(new Set(webhook.requests.map((request) => request.rawBody)).size).toBe(1);

    // Long after: no timer is left to send it again.
    await page.clock.runFor(10 * FIRST_RETRY_MS);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(3);
  });

  test('back online before the connection carries requests: tried again after moments, not after the backoff', async ({
    page,
    context,
    webhook,
  }) => {
    webhook.reply({ body: { message: 'Thanks!' } });
    await page.clock.install();
    await openSignedIn(page, '/registered-parent/chat');
    await page.clock.pauseAt(Date.now() + 1_000);
    await context.setOffline(true);
    await sendChat(page, 'Is the session on tomorrow?');
    await expect(savedPanel(page)).toBeVisible();
    await waitForOutboxIdle(page);

    // The network is joined, but its first two requests still find no route.
    await page.route(`**${WEBHOOK_PATH}`, (route) => route.abort('internetdisconnected'), { times: 2 });
    await context.setOffline(false);
    await expect.poll(async () => (await storedOutbox(page))[0]?.attempts).toBe(2);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(0);

    // Shorter than any first backoff step (half of FIRST_RETRY_MS at least): tried again, still no route.
    await page.clock.runFor(ONLINE_SETTLE_MS);
    await expect.poll(async () => (await storedOutbox(page))[0]?.attempts).toBe(3);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(0);

    // Three failures have stretched the backoff to 10 s at least; coming online tries again twice as soon.
    await page.clock.runFor(2 * ONLINE_SETTLE_MS);
    await webhook.waitForRequests(1);
    await expect.poll(() => storedOutbox(page)).toEqual([]);
  });
  test('a page that starts while the connection carries nothing tries its start pass again after moments', async ({
    page,
    webhook,
  }) => {
    webhook.reply({ body: { message: 'Thanks!' } });
    await openSignedIn(page, '/registered-parent/chat');
    // The browser says online throughout, and hears no `online`: the message's send and the next page's start pass
    // find no route. The start pass is held until the page's clock stands still, so what follows it runs by that clock.
    let sends = 0;
    let releaseStart = () => {};
    const startHeld = new Promise<void>((resolve) => (releaseStart = resolve));
    let startRefused = () => {};
    const refused = new Promise<void>((resolve) => (startRefused = resolve));
    await page.route(`**${WEBHOOK_PATH}`, async (route) => {
      const send = (route.request().postDataJSON() as { action?: string }).action === 'chat_facilitator';
      const attempt = send ? ++sends : 0;
      if (attempt === 0 || attempt > 2) return route.fallback();
      if (attempt === 2) await startHeld;
      await route.abort('internetdisconnected');
      if (attempt === 2) startRefused();
    });
    await sendChat(page, 'Is the session on tomorrow?');
    await expect(savedPanel(page)).toBeVisible();
    await waitForOutboxIdle(page);

    await page.reload();
    await expect.poll(() => sends).toBe(2);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    releaseStart();
    await refused;
    await expect.poll(async () => (await storedOutbox(page))[0]?.attempts).toBe(2);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(0);

    // Two failures have stretched the backoff to 5 s at least: the start pass is tried again sooner.
    await page.clock.runFor(ONLINE_SETTLE_MS);
    await webhook.waitForRequests(1);
    await expect.poll(() => storedOutbox(page)).toEqual([]);
  });
});
