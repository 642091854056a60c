import { expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { SERVICE_WORKER } from '../../bench/chromium.ts';
import type { WorkerToPageMessage } from '../../src/shared/sw-messages.ts';

export { FULL_BROWSER, SERVICE_WORKER } from '../../bench/chromium.ts';

/**
 * The browser suites' `serviceWorkers` option: the worker let in for a test or group tagged SERVICE_WORKER and
 * blocked for the rest, as its install precaches the whole build, which a test not about it would pay for.
 */
// oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies, even none.
export async function serviceWorkersByTag({}, use: (mode: 'allow' | 'block') => Promise<void>, testInfo: TestInfo) {
  await use(testInfo.tags.includes(SERVICE_WORKER) ? 'allow' : 'block');
}

/**
 * Resolves once the service worker controls the page: only then is the shell
 * cached and the page able to open offline (`ready` alone is too early). The
 * test's own timeout bounds it: a first install on a busy machine precaches
 * the whole app, which can take longer than any shorter limit chosen here.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The names of the page origin's Cache Storage caches. */
export async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

/** Every URL held in any of the origin's caches. */
export async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/**
 * Cuts the network for good, as airplane mode does. Chromium's network
 * emulation fires `offline` on pages already open, but a document opened
 * afterwards still reads navigator.onLine as true (a phone with no network
 * reads false): pages opened from now on read it as a phone would.
 */
export async function cutNetworkForGood(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false }));
}

/** The worker's word to its open pages that it has handled a push: sw/push.ts sends it last. */
const PUSH_HANDLED: WorkerToPageMessage['type'] = 'PUSH_RECEIVED';

/** How many pushes the worker has told `page` it handled, counted from the first time this is asked in the document. */
const pushesHandled = (page: Page) =>
  page.evaluate((type) => {
    const counter = window as Window & { pushesHandled?: number };
    if (counter.pushesHandled === undefined) {
      counter.pushesHandled = 0;
      navigator.serviceWorker.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
        if ((data as { type?: unknown } | null)?.type === type)
          counter.pushesHandled = (counter.pushesHandled ?? 0) + 1;
      });
    }
    return counter.pushesHandled;
  }, PUSH_HANDLED);

/**
 * Delivers pushes to the page's service worker as a push service would, through DevTools (unencrypted: DevTools
 * skips the crypto). It waits for the registration's activated version, as a push service delivers only to a
 * registration that has one. The function it gives sends one push's data and resolves once the worker has handled
 * it, its notification shown, which the worker tells `page` (open, and controlled by it) last.
 *
 * Read the notifications only then. Chromium keeps shown notifications in a database, and each getNotifications()
 * drops from it those the platform does not list as on screen: one already written but not yet on screen when a
 * read begins is dropped for good. A read that races the worker's showNotification (a poll started at delivery)
 * can so find none ever after. sw/push.ts never reads while it shows; a test must not either.
 */
export async function pushDelivery(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const activated = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const version = versions.find((candidate) => candidate.status === 'activated');
      if (version) resolve(version.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await activated;
  return async (data: string): Promise<void> => {
    const before = await pushesHandled(page);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    await expect.poll(() => pushesHandled(page)).toBeGreaterThan(before);
  };
}

/** The notifications the service worker shows now: read once a push is handled (pushDelivery), never while one shows. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    })),
  );

/** The worker's click path, as a tap on its first notification starts it (run in the worker). */
export const CLICK_FIRST_NOTIFICATION = `(async () => {
  const [notification] = await self.registration.getNotifications();
  self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
})()`;
