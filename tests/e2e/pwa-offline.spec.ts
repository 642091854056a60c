import type { Page } from '@playwright/test';
import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';
import { WEBHOOK_PATH } from '../support/test-server.ts';
import { cachedUrls, cacheNames, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';

// This spec is about the service worker: it opts in (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const PARENT = { name: 'Asha', number: '9876543210' };

/** First visit online, a parent signed in, then the network cut: the state the parent is in on a bus. */
async function visitThenGoOffline(page: Page): Promise<void> {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await page.evaluate(({ key, user }) => sessionStorage.setItem(key, user), {
    key: SESSION_USER_KEY,
    user: JSON.stringify(PARENT),
  });
  await page.context().setOffline(true);
}

const ROUTES: [path: string, heading: string][] = [
  ['/', 'Thrive'],
  ['/registered-parent', 'Welcome Back'],
  ['/registered-parent/schedule', 'Your Schedule'],
  ['/registered-parent/reschedule', 'Reschedule Session'],
  ['/registered-parent/chat', 'Chat with Facilitator'],
  ['/new-to-thrive', 'Welcome to Thrive!'],
  ['/new-to-thrive/book-consult', 'Book a Consultation'],
  ['/new-to-thrive/schedule-call', 'Schedule a Call'],
  ['/no/such/page', 'Details not found'],
];

test.describe('after the first visit, with no network', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} opens and shows '${heading}'`, async ({ page }) => {
      await visitThenGoOffline(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page).toHaveURL(path);
    });
  }

  test('/registered-parent/menu opens for the signed-in parent', async ({ page }) => {
    await visitThenGoOffline(page);
    await page.goto('/registered-parent/menu');
    await expect(page).toHaveURL('/registered-parent/menu');
    // The menu greets the parent with 'Hello, {name}!' above 'What would you like to do?'.
    await expect(page.getByText('What would you like to do?', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Hello, Asha!|What would you like to do\?)$/);
  });

  test('the footer and the app shell come from the cache too', async ({ page }) => {
    await visitThenGoOffline(page);
    await page.reload();
    await expect(page.getByRole('contentinfo')).toContainText('Powered by');
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive', exact: true })).toBeVisible();
  });
});

test.describe('the webhook and the caches', () => {
  test('a POST to the webhook while offline fails: the service worker never answers it', async ({ page }) => {
    await visitThenGoOffline(page);
    const outcome = await page.evaluate(async (url) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          body: '{}',
          headers: { 'Content-Type': 'application/json' },
        });
        return `answered ${response.status}`;
      } catch {
        return 'failed';
      }
    }, WEBHOOK_PATH);
    expect(outcome).toBe('failed');
  });

  test('a POST to the webhook online reaches the server and is never cached', async ({ page, webhook }) => {
    webhook.reply({ status: 200, body: { message: 'ok' } });
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const status = await page.evaluate(
      (url) => fetch(url, { method: 'POST', body: '{"action":"probe"}' }).then((response) => response.status),
      WEBHOOK_PATH,
    );
    expect(status).toBe(200);
    await webhook.waitForRequests(1);
    expect(webhook.requests[0]?.rawBody).toBe('{"action":"probe"}');
    expect((await cachedUrls(page)).filter((url) => url.includes('/api/'))).toEqual([]);
  });

  test('the shell lives in one cache named with the app prefix and a version', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await cacheNames(page)).toEqual([expect.stringMatching(/^thrive-precache-v\d+$/)]);
    const cached = await cachedUrls(page);
    expect(cached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
    expect(cached.some((url) => new URL(url).pathname === '/manifest.webmanifest')).toBe(true);
  });
});
