import type { BrowserContext } from '@playwright/test';
import { E2E_BUILD_ENV, E2E_DIST_NO_KNOW_MORE } from '../support/build.ts';
import { waitForApp } from '../support/first-paint.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expect, test } from './fixtures.ts';

const INFO_URL = E2E_BUILD_ENV.VITE_KNOW_MORE_URL;

/** The information page lives elsewhere: the test stands in for it, so no real network is needed. */
async function fakeInformationPage(context: BrowserContext): Promise<void> {
  await context.route(`${new URL(INFO_URL).origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>About Thrive</title><h1>About the Thrive programme</h1>',
    }),
  );
}

test.describe('know more about Thrive', () => {
  test('the card sends the visitor to the information page, and Back returns to the welcome page', async ({
    page,
    context,
  }) => {
    await fakeInformationPage(context);
    await page.goto('/new-to-thrive');
    await page.getByRole('link', { name: /^Know more about Thrive/ }).click();
    await expect(page).toHaveURL(INFO_URL);
    await expect(page.getByRole('heading', { name: 'About the Thrive programme' })).toBeVisible();

    // The redirect replaced its own history entry, so Back skips it instead of bouncing out again.
    await page.goBack();
    await expect(page).toHaveURL(/\/new-to-thrive$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
    // Once the app runs on the page again, nothing sends the visitor on.
    await waitForApp(page);
    await expect(page).toHaveURL(/\/new-to-thrive$/);
  });

  test('opening the address directly redirects too', async ({ page, context }) => {
    await fakeInformationPage(context);
    // The page's head script leaves at once: goto's own navigation ends there, so it waits no further than the answer.
    await page.goto('/new-to-thrive/know-more', { waitUntil: 'commit' });
    await expect(page).toHaveURL(INFO_URL);
    await expect(page.getByRole('heading', { name: 'About the Thrive programme' })).toBeVisible();
  });
});

test.describe('know more about Thrive, when no information page is configured', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startTestServer(E2E_DIST_NO_KNOW_MORE);
  });

  test.afterAll(async () => {
    await server.close();
  });

  test('says so clearly and offers a way back', async ({ page }) => {
    await page.goto(`${server.url}/new-to-thrive`);
    await page.getByRole('link', { name: /^Know more about Thrive/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Know more about Thrive' })).toBeVisible();
    await expect(page.getByText('The programme information page is not configured yet.')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/new-to-thrive/know-more`);

    await page.getByRole('link', { name: 'Back to Options' }).click();
    await expect(page).toHaveURL(`${server.url}/new-to-thrive`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
  });
});
