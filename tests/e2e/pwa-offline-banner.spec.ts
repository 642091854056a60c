import { expectAccessible, openInstalled } from '../support/axe.ts';
import { waitForHydration } from '../support/first-paint.ts';
import { cutNetworkForGood, SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';

const OFFLINE_TITLE = 'The portal is offline';
const STILL_WORKS = 'Every screen still opens and your sign-in is kept.';

test.describe('offline banner', () => {
  test('appears when the connection drops and goes when it returns', async ({ page }) => {
    await page.goto('/');
    // The app starts once the page is painted, which can be after the load event: without a worker, going offline
    // before its chunks are in would leave the page as a still picture.
    await waitForHydration(page);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_TITLE });
    await expect(banner).toBeHidden();

    await page.context().setOffline(true);
    await expect(banner).toBeVisible();
    await banner.getByText('What still works').click();
    await expect(banner.getByText(STILL_WORKS, { exact: false })).toBeVisible();

    await page.context().setOffline(false);
    await expect(banner).toBeHidden();
  });

  test.describe('opened offline, with the worker', { tag: SERVICE_WORKER }, () => {
    test('shows when the connection drops, and at once on a form opened with no network, accessibly', async ({
      page,
    }) => {
      await openInstalled(page, '/');
      await waitForServiceWorkerControl(page);
      await cutNetworkForGood(page.context());
      const banner = page.getByRole('status').filter({ hasText: OFFLINE_TITLE });
      await expect(banner).toBeVisible();
      await expectAccessible(page, 'landing with the offline banner');

      await page.goto('/new-to-thrive/book-consult');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Consultation' })).toBeVisible();
      await expect(banner).toBeVisible();
      await expectAccessible(page, 'book consult opened offline');
    });
  });

  test('a webhook request that gets no answer counts as offline; the next answer clears it', async ({
    page,
    webhook,
  }) => {
    // Chromium resends a POST whose reused connection dropped, so drop every request until told otherwise.
    let reachable = false;
    webhook.reply(
      () => (reachable ? { status: 200, body: { message: 'Thanks!' } } : { dropConnection: true }),
      Infinity,
    );
    await page.goto('/new-to-thrive/book-consult');
    await page.getByLabel('Name').fill('Ravi');
    const phone = page.getByLabel('Phone Number');
    await phone.fill('9876543210');
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_TITLE });

    // The browser still says online: only the failed request tells.
    await phone.press('Enter');
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Saved on this phone' })).toBeVisible();

    // The outbox tries again within 5 s; the answer it gets clears the banner.
    reachable = true;
    const sentSoFar = webhook.requests.length;
    await webhook.waitForRequests(sentSoFar + 1);
    await expect(banner).toBeHidden();
  });
});
