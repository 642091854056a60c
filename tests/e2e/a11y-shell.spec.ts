import { copyBuild, deployNextVersion } from '../support/app-versions.ts';
import { expectAccessible, openInstalled, settled } from '../support/axe.ts';
import { E2E_DIST } from '../support/build.ts';
import { waitForApp } from '../support/first-paint.ts';
import { expectVisibleFocus, tabTo } from '../support/keyboard.ts';
import { toast } from '../support/registered-parent.ts';
import { cutNetworkForGood, SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { startTestServer } from '../support/test-server.ts';
import { expect, test } from './fixtures.ts';

const OFFLINE_TITLE = 'The portal is offline';

// One page visits the screens in turn: isolation is not the point here, each screen's scan is.
test('the shell and the simple screens pass axe, have one h1 and a main, and no small targets', async ({ page }) => {
  const screens = [
    { path: '/', heading: 'Thrive' },
    { path: '/no/such/page', heading: 'Details not found' },
    { path: '/new-to-thrive', heading: 'Welcome to Thrive!' },
    { path: '/registered-parent', heading: 'Welcome Back' },
  ];
  for (const { path, heading } of screens) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expectAccessible(page, heading);
  }
});

test('the sign-in validation toasts are accessible', async ({ page }) => {
  const cases = [
    { name: '', phone: '', message: 'Please fill in all required fields' },
    { name: 'Asha', phone: '12345', message: 'Please enter a valid phone number (10 digits or E.164 format)' },
  ];
  for (const { name, phone, message } of cases) {
    await page.goto('/registered-parent');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    const shown = toast(page, 'error', message);
    await expect(shown).toBeVisible();
    await settled(shown);
    await expectAccessible(page, `sign-in with the toast '${message}'`);
  }
});

test.describe('the installable app prompts', { tag: SERVICE_WORKER }, () => {
  test("the 'Ready to work offline' toast", async ({ page }) => {
    await page.goto('/');
    const ready = toast(page, 'success', 'Ready to work offline');
    await expect(ready).toBeVisible();
    await settled(ready);
    await expectAccessible(page, "landing with 'Ready to work offline'");
  });

  test('the offline banner, when the connection drops and when a form opens offline', async ({ page }) => {
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

  test("'A new version is available': accessible, and its Reload is reached with the keyboard", async ({
    page,
  }, testInfo) => {
    // A build of this test's own to deploy the next version over, as pwa-update.spec.ts does.
    const dist = testInfo.outputPath('dist');
    copyBuild(E2E_DIST, dist);
    const site = await startTestServer(dist);
    try {
      const openedAt = Date.now();
      await page.clock.install({ time: openedAt });
      await page.goto(site.url);
      await waitForServiceWorkerControl(page);
      deployNextVersion(dist, '2');
      // Updates are looked for at most hourly, when the parent comes back to the tab.
      await page.clock.setSystemTime(openedAt + 61 * 60_000);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      const prompt = page.locator('[data-sonner-toast]').filter({ hasText: 'A new version is available' });
      await expect(prompt).toBeVisible();
      await settled(prompt);
      await expectAccessible(page, "landing with 'A new version is available'");

      const reload = prompt.getByRole('button', { name: 'Reload' });
      await tabTo(page, reload, { max: 8 });
      await expectVisibleFocus(reload);
      await page.keyboard.press('Enter');
      await expect(page.locator('meta[name="thrive-build"]')).toHaveAttribute('content', '2');
    } finally {
      await site.close();
    }
  });
});
