import type { BrowserContext, Page } from '@playwright/test';
import type { RecordingWebhook } from '../support/recording-webhook.ts';
import { OUTBOX_SYNC_TAG, OUTBOX_UNTOLD_DB, OUTBOX_UNTOLD_STORE } from '../../src/shared/storage-names.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from '../support/registered-parent.ts';
import { badge, bodyOf, registrationId, storedOutbox, waitForOutboxIdle, queueChatOffline } from '../support/outbox.ts';
import { english } from '../support/english-catalogs.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/** What the worker keeps for the next start to tell (src/shared/outbox/untold.ts), read as the page sees it. */
function untoldOutcomes(page: Page): Promise<unknown> {
  return page.evaluate(
    ([db, store]) =>
      new Promise((done, fail) => {
        const open = indexedDB.open(db);
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).get('outcomes');
          read.onerror = () => fail(read.error);
          read.onsuccess = () => done(read.result ?? []);
        };
      }),
    [OUTBOX_UNTOLD_DB, OUTBOX_UNTOLD_STORE] as const,
  );
}

/**
 * One chat message saved offline; then the tab goes to `away`, the connection comes back, and the browser fires
 * Background Sync as Chromium does once it sees the network. Gives the saved item.
 */
async function syncWhileAway(
  {
    page,
    context,
    webhook,
    origin,
  }: { page: Page; context: BrowserContext; webhook: RecordingWebhook; origin: string },
  text: string,
  away: string,
) {
  const cdp = await context.newCDPSession(page);
  const registration = registrationId(cdp, `${origin}/`);
  await queueChatOffline(page, context, text);
  const [saved] = await storedOutbox(page);
  await page.goto(away);
  webhook.reply({ body: 'Received' });
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registration,
    tag: OUTBOX_SYNC_TAG,
    lastChance: false,
  });
  return saved;
}

test.describe('Background Sync', { tag: SERVICE_WORKER }, () => {
  test('the service worker sends what waits once the browser fires sync, with no tab of the app open', async ({
    page,
    context,
    server,
    webhook,
  }) => {
    // The parent closes the app: no page of the portal is left, only its service worker can send.
    const saved = await syncWhileAway(
      { page, context, webhook, origin: server.url },
      'Sent while the app was closed',
      'about:blank',
    );
    const [sent] = await webhook.waitForRequests(1);
    expect(bodyOf(sent)).toMatchObject({ request_id: saved?.id, timestamp_ist: saved?.envelope.timestamp_ist });

    // Reopened, the app says the saved message went out, finds nothing waiting and sends nothing again.
    await page.goto(`${server.url}/registered-parent/menu`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
    await expectToast(page, 'success', english.outbox.chatSent);
    await waitForOutboxIdle(page);
    await expect(badge(page)).toHaveCount(0);
    expect(webhook.requests).toHaveLength(1);

    // Told once: nothing is left for the next start to say.
    await expect.poll(() => untoldOutcomes(page)).toEqual([]);
  });

  test('an outcome the worker reaches while the tab shows something the app does not run in is told at the next start', async ({
    page,
    context,
    server,
    webhook,
  }) => {
    // A window of the app's origin that the worker controls, with no app in it to hear the outcome:
    // what a tab is while it loads the app, before the app has started listening.
    await syncWhileAway(
      { page, context, webhook, origin: server.url },
      'Sent while the tab was elsewhere',
      `${server.url}/manifest.webmanifest`,
    );
    await webhook.waitForRequests(1);
    await expect.poll(() => storedOutbox(page)).toEqual([]);

    await page.goto(`${server.url}/registered-parent/menu`);
    await expectToast(page, 'success', english.outbox.chatSent);
    await expect.poll(() => untoldOutcomes(page)).toEqual([]);
    expect(webhook.requests).toHaveLength(1);
  });
});
