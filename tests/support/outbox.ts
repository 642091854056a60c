/** Helpers shared by the outbox specs. */
import { expect, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test';
import {
  OUTBOX_DB,
  OUTBOX_LOCK,
  OUTBOX_STORE,
  SCHEDULE_CACHE_DB,
  SCHEDULE_CACHE_STORE,
} from '../../src/shared/storage-names.ts';
import type { OutboxItem } from '../../src/shared/outbox/types.ts';
import type { RecordedRequest, RecordingWebhook } from './recording-webhook.ts';
import { openSignedIn } from './registered-parent.ts';
import { waitForServiceWorkerControl } from './service-worker.ts';

export { NOW } from './people.ts';

/** An item as the page stored it, with Blobs left out (they do not cross into the test). */
export type StoredItem = Omit<OutboxItem, 'envelope'> & { envelope: Record<string, unknown> };

/** Every value of one idb-keyval store, read with the plain IndexedDB API. */
async function readStore(page: Page, db: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    ([dbName, storeName]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(storeName)) {
            database.close();
            resolve([]);
            return;
          }
          const request = database.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => {
            database.close();
            resolve(JSON.parse(JSON.stringify(request.result)) as unknown[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [db, store] as const,
  );
}

/** The outbox as stored on the phone, oldest first. */
export async function storedOutbox(page: Page): Promise<StoredItem[]> {
  const items = (await readStore(page, OUTBOX_DB, OUTBOX_STORE)) as StoredItem[];
  return items.sort((a, b) => a.seq - b.seq);
}

export async function storedSchedules(page: Page): Promise<unknown[]> {
  return readStore(page, SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE);
}

/**
 * Resolves once no replay is running anywhere in the origin (the replay lock
 * is free) and no item is mid-send: whatever the triggers started has
 * finished. Polled from Node, so it works under a paused page clock.
 */
export async function waitForOutboxIdle(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const { held } = await page.evaluate(() => navigator.locks.query());
      const replaying = (held ?? []).some((lock) => lock.name === OUTBOX_LOCK);
      return !replaying && (await storedOutbox(page)).every((item) => item.state !== 'sending');
    })
    .toBe(true);
}

/** The seeds a real-time proof runs under: one in `npm test`, every one in `npm run soak` (SOAK=1). */
export const SEEDS: readonly number[] = process.env.SOAK ? [11, 29, 47, 83, 101, 173] : [11];

/**
 * Resolves once the outbox has nothing left to do: nothing stored, no replay
 * running, and every request the webhook received answered. From then on no
 * sender can send again (an item is sent only from the store, under the lock),
 * so counting deliveries now counts them for good — no waiting "long enough".
 */
export async function waitForOutboxDrained(page: Page, webhook: RecordingWebhook, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await storedOutbox(page)).length === 0 && webhook.requests.every((r) => r.answered), {
      timeout,
    })
    .toBe(true);
  await waitForOutboxIdle(page);
  expect(await storedOutbox(page)).toEqual([]);
}

/** First visit online until the worker controls the page (only then does it open offline), then signed in. */
export async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await openSignedIn(page, path);
}

export function badge(page: Page): Locator {
  return page.getByRole('link', { name: /^\d+ waiting to send$/ });
}

export function outboxItems(page: Page): Locator {
  return page.getByRole('list', { name: 'Requests waiting to send' }).getByRole('listitem');
}

/** A day of November 2026 in the reschedule calendar. */
export function november(page: Page, day: number): Locator {
  const suffix = day === 21 ? 'st' : day === 22 ? 'nd' : day === 23 ? 'rd' : 'th';
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`November ${day}${suffix}, 2026`) });
}

export async function submitReschedule(page: Page, day: number, note = ''): Promise<void> {
  await november(page, day).click();
  if (note) await page.getByLabel('Reason / Note (Optional)').fill(note);
  await page.getByRole('button', { name: 'Submit Request' }).click();
}

export async function sendChat(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

export function savedPanel(page: Page): Locator {
  return page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Saved on this phone' }) });
}

/** Signed in with the worker in control, the network cut, one chat message saved on the phone. */
export async function queueChatOffline(page: Page, context: BrowserContext, text: string): Promise<void> {
  await openControlled(page, '/registered-parent/chat');
  await context.setOffline(true);
  await sendChat(page, text);
  await expect(savedPanel(page)).toBeVisible();
}

export function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  return request?.body as Record<string, unknown>;
}

/** The id Chromium gives the origin's service worker registration, from the DevTools protocol. */
export async function registrationId(cdp: CDPSession, scopeURL: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === scopeURL && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}
