import type { BrowserContext, Page } from '@playwright/test';

/**
 * Resolves once the service worker controls the page: only then is the shell
 * cached and the page able to open offline (`ready` alone is too early).
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
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

/**
 * Delivers pushes to the page's service worker as a push service would, through DevTools (unencrypted: DevTools
 * skips the crypto); the function it gives sends one push's data. It waits for the registration's activated
 * version, as a push service delivers only to a registration that has one.
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
  return (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
}

/** The notifications the service worker shows now. */
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
