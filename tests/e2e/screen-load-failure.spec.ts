import type { Page } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { en as app } from '../../src/app/messages.ts';
import { paths } from '../../src/config/paths.ts';
import { pathIn } from '../../src/shared/i18n/locale.ts';
import { freshOrigin } from '../support/fresh-origin.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';
import { english } from '../support/english-catalogs.ts';

/** Requests for `chunk` fail as on a dropped connection, until the returned function lets them through again. */
async function cutOff(page: Page, chunk: RegExp): Promise<() => Promise<void>> {
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(chunk);
}

/** The chat screen's own chunk: on a first visit it comes from the network, not yet from the service worker. */
const CHAT_CHUNK = /\/assets\/chat-page[^/]*\.js$/;

/** A new tab's start: no request cut off any more, nothing stored, no module loaded (each step opens a new document). */
async function freshStart(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'wait' });
  await freshOrigin(page);
}

// One page walks the failures: each step starts afresh (freshStart) and cuts off only its own chunk.
test('code that does not arrive: the app, a screen, the toaster, in English and in Hindi', async ({ page }) => {
  await test.step("a page whose toaster's code does not arrive stays on screen and in use", async () => {
    await freshStart(page);
    await cutOff(page, /\/assets\/app-toaster[^/]*\.js$/);
    const handled = page.waitForEvent('console', (message) => message.text().startsWith('The toaster failed'));
    await page.goto(paths.home);
    await handled;
    await expect(page.getByRole('heading', { level: 1, name: app.programmeTitle })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(app.landing.newTitle) }).click();
    await expect(page).toHaveURL(/\/new-to-thrive$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step('a page whose app does not arrive says so, keeps its form shut so nothing typed is lost, and Reload starts it', async () => {
    await freshStart(page);
    const reconnect = await cutOff(page, /\/assets\/react-dom[^/]*\.js$/);
    await page.goto(paths.signIn);
    const notice = page.getByRole('alert').filter({ hasText: app.bootFailed.text });
    await expect(notice).toBeVisible();
    // The prerendered form is there, but inert: a sign-in typed now would go nowhere.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');

    await reconnect();
    await notice.getByRole('link', { name: app.bootFailed.reload }).click();
    await page.getByRole('textbox', { name: english['sign-in'].nameLabel }).fill('Asha Verma');
    await expect(page.getByRole('alert').filter({ hasText: app.bootFailed.text })).toBeHidden();
  });

  await test.step('a screen opened cold whose own code does not arrive offers Try Again in place of its frozen page', async () => {
    await freshStart(page);
    const reconnect = await cutOff(page, CHAT_CHUNK);
    await openSignedIn(page, paths.chat);
    await expect(page.getByRole('heading', { level: 1, name: app.screenFailed.title })).toBeVisible();
    await reconnect();
    await page.getByRole('button', { name: app.screenFailed.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: english.conversation.chat.title })).toBeVisible();
  });

  await test.step("a screen whose code does not arrive says so in the app's frame, and Try Again opens it once the connection is back", async () => {
    await freshStart(page);
    await openSignedIn(page, paths.menu);
    const reconnect = await cutOff(page, CHAT_CHUNK);
    await page.getByRole('link', { name: new RegExp(english.menu.chatTitle) }).click();

    const failed = page.getByRole('heading', { level: 1, name: app.screenFailed.title });
    await expect(failed).toBeFocused();
    await expect(page.getByText(app.screenFailed.text)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(app.programmeTitle);

    // Home is in the app's first chunk: it opens even with the connection still down.
    await page.getByRole('link', { name: app.screenFailed.home }).click();
    await expect(page.getByRole('heading', { level: 1, name: app.programmeTitle })).toBeVisible();
    await page.goBack();
    await expect(failed).toBeVisible();

    await reconnect();
    await page.getByRole('button', { name: app.screenFailed.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: english.conversation.chat.title })).toBeVisible();
  });

  await test.step('the same, in Hindi', async () => {
    await freshStart(page);
    await openSignedIn(page, pathIn('hi', paths.menu));
    await cutOff(page, CHAT_CHUNK);
    await page.getByRole('link', { name: new RegExp(hindi.menu.chatTitle) }).click();
    await expect(page.getByRole('heading', { level: 1, name: hindi.app.screenFailed.title })).toBeFocused();
    await expect(page.getByRole('button', { name: hindi.app.screenFailed.retry })).toBeVisible();
  });
});
