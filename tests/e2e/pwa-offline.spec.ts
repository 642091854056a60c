import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';
import { WEBHOOK_PATH } from '../support/test-server.ts';
import { cachedUrls, cacheNames, SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';

const PARENT = { name: 'Asha', number: '9876543210' };

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

// One installed app, online and then on a bus: the worker's cache is under test, not a fresh origin, and one install
// serves both halves.
test(
  'online, a webhook POST reaches the server and is never cached, and the shell lives in one versioned cache; then with no network: every route, the menu, the shell, and no answer to a webhook POST',
  { tag: SERVICE_WORKER },
  async ({ page, webhook }) => {
    await test.step('online, a webhook POST reaches the server and is never cached; the shell lives in one versioned cache', async () => {
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
      const cached = await cachedUrls(page);
      expect(cached.filter((url) => url.includes('/api/'))).toEqual([]);
      expect(await cacheNames(page)).toEqual([expect.stringMatching(/^thrive-precache-v\d+$/)]);
      expect(cached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
      expect(cached.some((url) => new URL(url).pathname === '/manifest.webmanifest')).toBe(true);
    });

    await test.step('after the first visit, with no network: every route, the menu, the shell, and no answer to a webhook POST', async () => {
      // A parent signed in, then the network cut: the state the parent is in on a bus.
      await page.evaluate(({ key, user }) => sessionStorage.setItem(key, user), {
        key: SESSION_USER_KEY,
        user: JSON.stringify(PARENT),
      });
      await page.context().setOffline(true);
      for (const [path, heading] of ROUTES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
        await expect(page).toHaveURL(path);
      }

      await page.goto('/registered-parent/menu');
      await expect(page).toHaveURL('/registered-parent/menu');
      // The menu greets the parent with 'Hello, {name}!' above 'What would you like to do?'.
      await expect(page.getByText('What would you like to do?', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Hello, Asha!|What would you like to do\?)$/);

      await page.goto('/');
      await page.reload();
      await expect(page.getByRole('contentinfo')).toContainText('Powered by');
      await expect(page.getByRole('heading', { level: 1, name: 'Thrive', exact: true })).toBeVisible();

      // The service worker never answers a webhook POST itself.
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
  },
);
