import type { Page } from '@playwright/test';
import type { RecordingWebhook } from './recording-webhook.ts';
import { openSignedIn } from './registered-parent.ts';

/**
 * Leaves the test server's origin as a new browser context finds it: nothing in sessionStorage, localStorage or
 * IndexedDB. A spec whose steps walk one page's states calls it between them, so no step reads what a step before
 * stored. It runs on a file outside the app (robots.txt), so no page of the app holds a database open while it is
 * deleted.
 */
export async function freshOrigin(page: Page): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(async () => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    const databases = await window.indexedDB.databases();
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((deleted, failed) => {
            const request = window.indexedDB.deleteDatabase(name ?? '');
            request.onsuccess = () => deleted();
            request.onerror = () => failed(request.error ?? new Error(`${name} was not deleted`));
          }),
      ),
    );
  });
}

/**
 * `path` signed in, as a new tab with a new phone would open it: a fresh origin, and no webhook request recorded
 * before, so a step counts only its own.
 */
export async function openSignedInAfresh(page: Page, webhook: RecordingWebhook, path: string): Promise<void> {
  await freshOrigin(page);
  webhook.requests.length = 0;
  await openSignedIn(page, path);
}
