/**
 * The outbox against the page's real lifetime: tabs closed mid-send, apps
 * reopened, reloads during a replay. Real timers throughout (a fake clock
 * cannot show these races); a seed sets when the tab closes and how long the
 * webhook takes (one seed in `npm test`, every seed in `npm run soak`). The
 * test never waits "long enough": it holds the webhook's answer or the
 * network until the moment it chose, and counts deliveries once the outbox
 * is drained (nothing stored, no replay running, every request answered).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { RecordingWebhook, Reply } from '../support/recording-webhook.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { seeded } from '../support/seeded.ts';
import { expect, test } from './fixtures.ts';
import {
  bodyOf,
  openControlled,
  queueChatOffline,
  savedPanel,
  SEEDS,
  sendChat,
  storedOutbox,
  waitForOutboxDrained,
  waitForOutboxIdle,
} from '../support/outbox.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/** The seed's pause: a moment chosen in real time, not a wait for something to happen. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app opened again after its tab was closed: a new tab, signed in again (the session lives per tab). */
async function reopen(context: BrowserContext, path = '/registered-parent/menu'): Promise<Page> {
  const page = await context.newPage();
  await openSignedIn(page, path);
  return page;
}

/** Once the outbox is drained, exactly one request was accepted, and it carried `id`. */
async function expectOneDelivery(webhook: RecordingWebhook, page: Page, id: unknown) {
  await waitForOutboxDrained(page, webhook);
  expect([...webhook.acceptedCounts()]).toEqual([[id, 1]]);
}

for (const seed of SEEDS) {
  test.describe(`the app closed mid-send (seed ${seed})`, { tag: SERVICE_WORKER }, () => {
    test.describe.configure({ timeout: 60_000 });

    test('a first send held by the network, the tab closed, the app opened again: delivered exactly once', async ({
      page,
      context,
      webhook,
    }) => {
      const random = seeded(seed);
      const closeAfterMs = Math.round(random() * 1_500);
      webhook.reply({ body: { message: 'Noted' } }, Infinity);
      await openControlled(page, '/registered-parent/chat');
      // The network holds every webhook request until the tab is gone. As in a browser, a request the page
      // itself made dies with the page; one the service worker made goes on.
      let openNetwork = () => {};
      const networkOpen = new Promise<void>((resolve) => (openNetwork = resolve));
      let held = () => {};
      const firstHeld = new Promise<void>((resolve) => (held = resolve));
      await context.route('**/api/webhook', async (route) => {
        const fromWorker = route.request().serviceWorker() !== null;
        held();
        await networkOpen;
        if (!fromWorker && page.isClosed()) await route.abort();
        else await route.continue();
      });
      await sendChat(page, 'Held on its way');
      await firstHeld;
      await pause(closeAfterMs);
      await page.close();
      openNetwork();

      const again = await reopen(context);
      await expect.poll(() => webhook.requests.length).toBeGreaterThanOrEqual(1);
      expect(bodyOf(webhook.requests[0])).toMatchObject({ payload: { message: 'Held on its way' } });
      await expectOneDelivery(webhook, again, bodyOf(webhook.requests[0]).request_id);
      await expect(again.getByRole('link', { name: /waiting to send/ })).toHaveCount(0);
    });

    test('the webhook accepts a first send but answers late, the tab closes in between: one delivery', async ({
      page,
      context,
      webhook,
    }) => {
      const random = seeded(seed);
      const answer = webhook.hold({ body: { message: 'Noted' } });
      // A second copy would be accepted too, and counted: the test would see it.
      webhook.reply({ body: { message: 'Noted again' } }, Infinity);
      await openControlled(page, '/registered-parent/chat');
      await sendChat(page, 'Answered slowly');
      const first = await answer.arrived;
      await pause(Math.round(random() * 1_000));
      await page.close();
      const again = await reopen(context, '/registered-parent/chat');
      await pause(Math.round(random() * 1_000));
      answer.release();
      await expectOneDelivery(webhook, again, bodyOf(first).request_id);
    });

    test('a saved message replayed when the connection returns, the tab closed while the webhook answers: one delivery', async ({
      page,
      context,
      webhook,
    }) => {
      const random = seeded(seed);
      await queueChatOffline(page, context, 'Saved, then sent slowly');
      const [saved] = await storedOutbox(page);
      const answer = webhook.hold({ body: { message: 'Noted' } });
      webhook.reply({ body: { message: 'Noted again' } }, Infinity);
      await context.setOffline(false);
      await answer.arrived;
      await pause(Math.round(random() * 1_000));
      await page.close();
      const again = await reopen(context, '/registered-parent/outbox');
      await pause(Math.round(random() * 1_000));
      answer.release();
      await expectOneDelivery(webhook, again, saved?.id);
    });
  });

  test.describe(`replays meeting the page's own lifetime (seed ${seed})`, { tag: SERVICE_WORKER }, () => {
    test.describe.configure({ timeout: 120_000 });

    test('a webhook refusing half its requests, 8 messages each typed on a freshly opened chat screen: all arrive once, in order', async ({
      page,
      webhook,
    }) => {
      const random = seeded(seed);
      const messages = Array.from({ length: 8 }, (_, index) => `Message ${index + 1} of 8`);
      // A little latency, so sends are still on their way when the next screen opens.
      webhook.reply((): Reply => {
        const delayMs = 50 + Math.round(random() * 150);
        if (random() >= 0.5) return { body: { message: 'Received' }, delayMs };
        return random() < 0.5 ? { status: 503, body: 'Busy', delayMs } : { dropConnection: true, delayMs };
      }, Infinity);
      await openControlled(page, '/registered-parent/chat');

      for (const message of messages) {
        await page.goto('/registered-parent/chat');
        await sendChat(page, message);
        await expect(
          page.getByRole('button', { name: 'Send Another Message' }).or(savedPanel(page)).first(),
        ).toBeVisible({ timeout: 30_000 });
      }

      await page.goto('/registered-parent/outbox');
      await expect(async () => {
        if ((await storedOutbox(page)).length > 0) {
          await waitForOutboxIdle(page);
          const sendNow = page.getByRole('button', { name: 'Send Now' });
          if (await sendNow.isVisible()) await sendNow.click();
        }
        expect(await storedOutbox(page)).toEqual([]);
      }).toPass({ timeout: 90_000, intervals: [500] });

      const accepted = webhook.requests.filter((request) => request.answered?.status === 200);
      expect(accepted.map((request) => (bodyOf(request).payload as { message: string }).message)).toEqual(messages);
      expect([...webhook.acceptedCounts().values()]).toEqual(Array(messages.length).fill(1));
    });

    test('20 saved requests, back online while the page reloads every 300 ms for 5 s: none lost, none twice, in order', async ({
      page,
      context,
      webhook,
    }) => {
      const random = seeded(seed);
      const messages = Array.from({ length: 20 }, (_, index) => `Saved ${String(index + 1).padStart(2, '0')}`);
      await openControlled(page, '/registered-parent/chat');
      await context.setOffline(true);
      for (const message of messages) {
        await sendChat(page, message);
        await expect(savedPanel(page)).toBeVisible();
        await page.getByRole('button', { name: 'Send Another Message' }).click();
      }
      expect(await storedOutbox(page)).toHaveLength(20);

      webhook.reply(() => ({ body: { message: 'Received' }, delayMs: 100 + Math.round(random() * 200) }), Infinity);
      await context.setOffline(false);
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        await page.goto('/registered-parent/outbox', { waitUntil: 'commit' });
        await pause(300);
      }
      await page.goto('/registered-parent/outbox');
      await expect.poll(() => storedOutbox(page), { timeout: 30_000 }).toEqual([]);

      expect(webhook.requests.map((request) => (bodyOf(request).payload as { message: string }).message)).toEqual(
        messages,
      );
      expect(new Set(webhook.requests.map((request) => bodyOf(request).request_id)).size).toBe(20);
    });
  });
}
