import type { BrowserContext } from '@playwright/test';
import { E2E_BUILD_ENV } from '../support/build.ts';
import { waitForApp } from '../support/first-paint.ts';
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

test('know more about Thrive: the card and the address lead to the information page', async ({ page, context }) => {
  await fakeInformationPage(context);

  await test.step('the card sends the visitor to the information page, and Back returns to the welcome page', async () => {
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

  await test.step('opening the address directly redirects too', async () => {
    // The page's head script leaves at once: goto's own navigation ends there, so it waits no further than the answer.
    await page.goto('/new-to-thrive/know-more', { waitUntil: 'commit' });
    await expect(page).toHaveURL(INFO_URL);
    await expect(page.getByRole('heading', { name: 'About the Thrive programme' })).toBeVisible();
  });
});
