import type { Page } from '@playwright/test';
import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';
import { launchPersistentBrowser } from '../support/persistent-browser.ts';
import { pngSize } from '../support/png.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IOS_HINT = "To install Thrive, tap the Share button, then 'Add to Home Screen'.";

async function expectPng(page: Page, path: string, size: number): Promise<void> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toBe('image/png');
  expect(pngSize(await response.body()), path).toEqual({ width: size, height: size });
}

async function signIn(page: Page): Promise<void> {
  await page.evaluate(({ key, user }) => sessionStorage.setItem(key, user), {
    key: SESSION_USER_KEY,
    user: JSON.stringify({ name: 'Asha', number: '9876543210' }),
  });
}

/** Chromium's offer to install, as a page sees it; ordinary test contexts are incognito and never get a real one. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        document.body.dataset.installPrompted = 'yes';
      },
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: '' }),
    });
    window.dispatchEvent(event);
  });
}

// One page walks the manifest's checks and the install offer: each step opens its page anew (goto), so the offer
// (one per page load) starts unmade, as in a test of its own. None of it needs the worker, so it stays out.
test.describe('web app manifest', () => {
  test('the manifest, its icons, and the install offer it makes possible', async ({ page }) => {
    await test.step('is linked from every page and served as application/manifest+json', async () => {
      await page.goto('/new-to-thrive');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f5f8c');
      const response = await page.request.get('/manifest.webmanifest');
      expect(response.headers()['content-type']).toBe('application/manifest+json');
      const manifest = (await response.json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        name: 'Thrive — Parent support portal',
        short_name: 'Thrive',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f5f8c',
        background_color: '#f6f7fb',
      });
      expect(manifest.description).toEqual(expect.stringMatching(/\S/));
    });

    await test.step('names a 192 and a 512 icon, a 512 maskable one, and real PNGs back them', async () => {
      await page.goto('/');
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: ManifestIcon[] };
      const described = manifest.icons.map(({ sizes, type, purpose }) => ({ sizes, type, purpose }));
      expect(described).toEqual(
        expect.arrayContaining([
          { sizes: '192x192', type: 'image/png', purpose: 'any' },
          { sizes: '512x512', type: 'image/png', purpose: 'any' },
          { sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ]),
      );
      for (const icon of manifest.icons) await expectPng(page, icon.src, Number(icon.sizes.split('x')[0]));
    });

    await test.step('has a 180 px apple-touch-icon for iOS home screens', async () => {
      await page.goto('/');
      const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect(href).toBe('/apple-touch-icon.png');
      await expectPng(page, href ?? '', 180);
    });

    await test.step("'Install App' opens the browser's install dialog, and an offer is used once", async () => {
      await page.goto('/');
      const install = page.getByRole('button', { name: 'Install App' });
      await expect(install).toBeHidden();
      await offerInstall(page);
      await install.click();
      await expect(page.locator('body')).toHaveAttribute('data-install-prompted', 'yes');
      await expect(install).toBeHidden();
    });
  });
});

test.describe('installing', () => {
  // One Chromium with a profile of its own for both: a second one cost a browser's start and the worker's install.
  test(
    "Chromium's own installability check finds nothing missing; its offer shows 'Install App' on the landing page and the menu only",
    { tag: SERVICE_WORKER },
    async ({ server }) => {
      const browser = await launchPersistentBrowser();
      try {
        const page = await browser.context.newPage();
        await test.step("Chromium's own installability check finds nothing missing", async () => {
          await page.goto(server.url);
          await waitForServiceWorkerControl(page);
          const cdp = await browser.context.newCDPSession(page);
          const { errors } = await cdp.send('Page.getAppManifest');
          expect(errors).toEqual([]);
          await expect
            .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
            .toEqual([]);
        });

        await test.step("when Chromium offers to install, 'Install App' shows on the landing page and the menu only", async () => {
          await page.goto(server.url);
          const install = page.getByRole('button', { name: 'Install App' });
          await expect(install).toBeVisible();

          await page.getByRole('link', { name: /I'm a registered parent/ }).click();
          await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
          await expect(install).toBeHidden();

          await signIn(page);
          await page.goto(`${server.url}/registered-parent/menu`);
          await expect(page.getByText('What would you like to do?', { exact: true })).toBeVisible();
          await expect(install).toBeVisible();
        });
      } finally {
        await browser.close();
      }
    },
  );

  test("on iOS, 'Install App' explains 'Add to Home Screen', on the landing page and the menu only", async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ userAgent: IPHONE_UA, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      const install = page.getByRole('button', { name: 'Install App' });
      await expect(install).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(IOS_HINT)).toBeHidden();
      await install.click();
      await expect(install).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(IOS_HINT)).toBeVisible();

      await page.goto(`${server.url}/new-to-thrive`);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
      await expect(install).toBeHidden();

      await signIn(page);
      await page.goto(`${server.url}/registered-parent/menu`);
      await expect(install).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('neither the button nor the iOS hint shows in the installed app', async ({ browser, server }) => {
    const context = await browser.newContext({ userAgent: IPHONE_UA, isMobile: true, hasTouch: true });
    try {
      // What iOS Safari tells a page opened from the home screen.
      await context.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
      const page = await context.newPage();
      await page.goto(server.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
      await offerInstall(page);
      await expect(page.getByRole('button', { name: 'Install App' })).toBeHidden();
    } finally {
      await context.close();
    }
  });
});
