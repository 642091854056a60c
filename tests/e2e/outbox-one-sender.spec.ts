/**
 * One sender, however many triggers fire at once: tabs, the worker's
 * Background Sync, 'Send Now' and the retry timer. A webhook that answers
 * slowly makes any second sender visible as two requests in flight at once.
 */
import type { Page } from '@playwright/test';
import { OUTBOX_SYNC_TAG } from '../../src/shared/storage-names.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { seeded } from '../support/seeded.ts';
import { expect, test } from './fixtures.ts';
import {
  bodyOf,
  openControlled,
  registrationId,
  savedPanel,
  SEEDS,
  sendChat,
  storedOutbox,
  waitForOutboxIdle,
} from '../support/outbox.ts';
import { FIRST_RETRY_MS } from '../../src/shared/outbox/policy.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/**
 * Every retry timer the triggers armed fires now (the page clock is installed
 * but runs in real time until this): if one found something to send again,
 * the webhook's log shows it once the outbox is idle.
 */
async function fireEveryRetryTimer(page: Page): Promise<void> {
  await page.clock.runFor(2 * FIRST_RETRY_MS);
  await waitForOutboxIdle(page);
}

async function saveMessages(page: Page, messages: readonly string[]): Promise<void> {
  for (const message of messages) {
    await sendChat(page, message);
    await expect(savedPanel(page)).toBeVisible();
    await page.getByRole('button', { name: 'Send Another Message' }).click();
  }
}

const messageOf = (request: Parameters<typeof bodyOf>[0]) => (bodyOf(request).payload as { message: string }).message;

for (const seed of SEEDS) {
  test.describe(`every trigger at once (seed ${seed})`, { tag: SERVICE_WORKER }, () => {
    test.describe.configure({ timeout: 60_000 });

    test('two tabs, the worker’s Background Sync, Send now and the retry timer: one sender, each request once', async ({
      page,
      context,
      server,
      webhook,
    }) => {
      const random = seeded(seed);
      const cdp = await context.newCDPSession(page);
      const registration = registrationId(cdp, `${server.url}/`);
      const messages = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];
      await page.clock.install();
      await openControlled(page, '/registered-parent/chat');
      const other = await context.newPage();
      await openSignedIn(other, '/registered-parent/outbox');
      await context.setOffline(true);
      await saveMessages(page, messages);

      webhook.reply(() => ({ body: { message: 'Received' }, delayMs: 150 + Math.round(random() * 250) }), Infinity);
      await context.setOffline(false);
      await Promise.all([
        other.getByRole('button', { name: 'Send Now' }).click(),
        page.evaluate(() => window.dispatchEvent(new Event('online'))),
        other.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))),
        registration.then((registrationId) =>
          cdp.send('ServiceWorker.dispatchSyncEvent', {
            origin: server.url,
            registrationId,
            tag: OUTBOX_SYNC_TAG,
            lastChance: false,
          }),
        ),
      ]);
      await expect.poll(() => storedOutbox(page), { timeout: 30_000 }).toEqual([]);
      await fireEveryRetryTimer(page);

      expect(webhook.requests.map(messageOf)).toEqual(messages);
      expect(webhook.overlapped()).toBe(false);
    });
  });

  test.describe(`with no service worker, the pages send themselves (seed ${seed})`, () => {
    test.describe.configure({ timeout: 60_000 });

    test('two tabs and their triggers take turns under the lock: each request once, in order, never two at once', async ({
      page,
      context,
      webhook,
    }) => {
      const random = seeded(seed);
      await page.clock.install();
      await openSignedIn(page, '/registered-parent/chat');
      const other = await context.newPage();
      await openSignedIn(other, '/registered-parent/chat');
      // With no worker nothing opens offline: the outbox screen is open before the network goes.
      const outboxTab = await context.newPage();
      await openSignedIn(outboxTab, '/registered-parent/outbox');
      await context.setOffline(true);
      await saveMessages(page, ['One', 'Two']);
      await saveMessages(other, ['Three']);
      await saveMessages(page, ['Four']);
      await expect.poll(async () => (await storedOutbox(page)).length).toBe(4);

      webhook.reply(() => ({ body: { message: 'Received' }, delayMs: 150 + Math.round(random() * 250) }), Infinity);
      await context.setOffline(false);
      await Promise.all([
        outboxTab.getByRole('button', { name: 'Send Now' }).click(),
        page.evaluate(() => window.dispatchEvent(new Event('online'))),
        other.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))),
      ]);
      await expect.poll(() => storedOutbox(page), { timeout: 30_000 }).toEqual([]);
      await fireEveryRetryTimer(page);

      expect(webhook.requests.map(messageOf)).toEqual(['One', 'Two', 'Three', 'Four']);
      expect(webhook.overlapped()).toBe(false);
    });
  });
}

test.describe('the one window where a request can arrive twice', { tag: SERVICE_WORKER }, () => {
  test('a worker killed mid-send: the request is sent again with the same request_id, and nothing is lost', async ({
    page,
    context,
    webhook,
  }) => {
    // The first copy is answered only once the worker that sent it is dead.
    const firstCopy = webhook.hold({ body: { message: 'First copy' } });
    webhook.reply({ body: { message: 'Second copy' } });
    await openControlled(page, '/registered-parent/chat');
    const cdp = await context.newCDPSession(page);
    await sendChat(page, 'Sent while the worker dies');
    await firstCopy.arrived;
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    firstCopy.release();

    // The next start finds the request still marked as being sent by a sender that is gone.
    await page.goto('/registered-parent/outbox');
    await expect.poll(() => storedOutbox(page), { timeout: 20_000 }).toEqual([]);
    const [first, second] = await webhook.waitForRequests(2);
    expect(bodyOf(second).request_id).toBe(bodyOf(first).request_id);
    expect(second?.rawBody).toBe(first?.rawBody);
  });
});
