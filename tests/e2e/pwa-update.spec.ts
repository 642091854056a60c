import type { Page } from '@playwright/test';
import { copyBuild, deployNextVersion } from '../support/app-versions.ts';
import { expectAccessible, settled } from '../support/axe.ts';
import { E2E_DIST } from '../support/build.ts';
import { expectVisibleFocus, tabTo } from '../support/keyboard.ts';
import { toast } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expect, test } from './fixtures.ts';

const MINUTE = 60_000;

/** Marks the loaded document: a reload, and only a reload, wipes the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.loadedBeforeUpdate = 'yes';
  });
}

const marked = (page: Page) => page.locator('html[data-loaded-before-update="yes"]');

/** How many times the browser has fetched the worker script: registering and each update check fetch it. */
const workerFetches = (site: TestServer) => site.served.filter((path) => path === '/sw.js').length;

/** The parent comes back to the app `minutes` after it was opened. */
async function returnAfter(page: Page, minutes: number, openedAt: number): Promise<void> {
  await page.clock.setSystemTime(openedAt + minutes * MINUTE);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test.describe('updates', { tag: SERVICE_WORKER }, () => {
  let site: TestServer;
  let dist: string;

  test.beforeEach(async ({}, testInfo) => {
    // A build of our own to deploy over, on an origin of our own.
    dist = testInfo.outputPath('dist');
    copyBuild(E2E_DIST, dist);
    site = await startTestServer(dist);
  });

  test.afterEach(async () => {
    await site.close();
  });

  test("the first visit says 'Ready to work offline', accessibly, and only the first", async ({ page }) => {
    await page.goto(site.url);
    const ready = toast(page, 'success', 'Ready to work offline');
    await expect(ready).toBeVisible();
    await settled(ready);
    await expectAccessible(page, "landing with 'Ready to work offline'");
    await waitForServiceWorkerControl(page);
    const fetched = workerFetches(site);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
    // Registering again has fetched the script and found it unchanged: nothing installs, nothing to announce.
    await expect.poll(() => workerFetches(site)).toBe(fetched + 1);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).installing)).toBeNull();
    await expect(page.getByText('Ready to work offline', { exact: true })).toBeHidden();
  });

  test("a new version is offered accessibly when the parent returns after an hour, and loads only after 'Reload', reached with the keyboard", async ({
    page,
  }) => {
    const openedAt = Date.now();
    await page.clock.install({ time: openedAt });
    await page.goto(site.url);
    await waitForServiceWorkerControl(page);
    await markDocument(page);
    deployNextVersion(dist, '2');
    const prompt = page.getByText('A new version is available', { exact: true });

    // Checks run at most hourly (the policy's own table is in tests/unit/app/pwa/register.test.ts).
    await returnAfter(page, 61, openedAt);
    await expect(prompt).toBeVisible();
    const offer = page.locator('[data-sonner-toast]').filter({ has: prompt });
    await settled(offer);
    await expectAccessible(page, "landing with 'A new version is available'");

    // Nothing reloads by itself while the prompt waits: the new worker stays waiting, the old document stays.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting?.state)).toBe('installed');
    await expect(marked(page)).toHaveCount(1);
    await expect(page.locator('meta[name="thrive-build"]')).toHaveCount(0);

    const reload = offer.getByRole('button', { name: 'Reload' });
    await tabTo(page, reload, { max: 8 });
    await expectVisibleFocus(reload);
    await page.keyboard.press('Enter');
    await expect(page.locator('meta[name="thrive-build"]')).toHaveAttribute('content', '2');
    await expect(marked(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBeNull();
    await expect(prompt).toBeHidden();
  });

  test("another open tab is never reloaded for the parent: it asks again, and reloads on its own 'Reload'", async ({
    context,
  }) => {
    const openedAt = Date.now();
    await context.clock.install({ time: openedAt });
    const first = await context.newPage();
    await first.goto(site.url);
    await waitForServiceWorkerControl(first);
    const second = await context.newPage();
    await second.goto(`${site.url}/new-to-thrive/book-consult`);
    await waitForServiceWorkerControl(second);
    await second.getByLabel('Name').fill('Ravi, half typed');
    await markDocument(first);
    await markDocument(second);

    deployNextVersion(dist, '2');
    await returnAfter(first, 61, openedAt);
    const promptIn = (page: Page) => page.getByText('A new version is available', { exact: true });
    await expect(promptIn(first)).toBeVisible();
    await expect(promptIn(second)).toBeVisible();

    const secondSwitched = second.evaluate(
      () =>
        new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })),
    );
    await first.getByRole('button', { name: 'Reload' }).click();
    await expect(first.locator('meta[name="thrive-build"]')).toHaveAttribute('content', '2');

    // The new version now runs the second tab too, which must not reload under the parent.
    await secondSwitched;
    await expect(marked(second)).toHaveCount(1);
    await expect(second.getByLabel('Name')).toHaveValue('Ravi, half typed');
    await expect(promptIn(second)).toBeVisible();

    await second.getByRole('button', { name: 'Reload' }).click();
    await expect(second.locator('meta[name="thrive-build"]')).toHaveAttribute('content', '2');
    await expect(marked(second)).toHaveCount(0);
  });
});
