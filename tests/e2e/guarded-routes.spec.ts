import { hindi } from '../../src/app/hindi.ts';
import { paths } from '../../src/config/paths.ts';
import { LOCALES, pathIn, type Locale } from '../../src/shared/i18n/locale.ts';
import type { Page } from '@playwright/test';
import { ASHA } from '../support/registered-parent.ts';
import { recordProblems, waitForApp } from '../support/first-paint.ts';
import { expect, test } from './fixtures.ts';
import { english } from '../support/english-catalogs.ts';

/** Every screen behind the session guard (the needsSession screens of src/app/app-routes.tsx). */
const GUARDED = [paths.menu, paths.schedule, paths.reschedule, paths.chat, paths.outbox];
/** The document title of sign-in's own page in `locale`, as the build wrote it. */
async function signInTitleOf(page: Page, locale: Locale): Promise<string> {
  const html = await (await page.request.get(pathIn(locale, paths.signIn))).text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

const SIGN_IN_TITLE: Record<Locale, string> = {
  en: english['sign-in'].title,
  hi: hindi['sign-in'].title,
};

const PAINTED_KEY = 'e2e.painted';

/**
 * Runs in every document before its scripts: before each frame it may paint (a requestAnimationFrame callback
 * runs just before the browser renders one), it notes the address and the visible root's heading, once per
 * change, in the tab's sessionStorage.
 */
function notePaintedScreens(key: string): void {
  let last = '';
  const note = () => {
    const root = document.getElementById('root');
    const heading = root && getComputedStyle(root).visibility !== 'hidden' ? root.querySelector('h1') : null;
    const seen = `${location.pathname} ${heading?.textContent ?? '(nothing)'}`;
    if (heading && seen !== last) {
      last = seen;
      const painted = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      sessionStorage.setItem(key, JSON.stringify([...painted, seen]));
    }
    requestAnimationFrame(note);
  };
  requestAnimationFrame(note);
}

test('a parent with no session who opens a guarded screen gets sign-in before anything paints, with no second page, in English and in Hindi', async ({
  page,
  context,
}) => {
  await context.addInitScript(notePaintedScreens, PAINTED_KEY);
  const pagesFetched: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) pagesFetched.push(request.url());
  });
  // One context for all of them: a new tab, a shared link or the installed app reopened each start with no session.
  for (const locale of LOCALES) {
    for (const path of GUARDED) {
      const address = pathIn(locale, path);
      await test.step(address, async () => {
        pagesFetched.length = 0;
        await page.goto(address);
        await expect(page).toHaveURL(pathIn(locale, paths.signIn));
        await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_TITLE[locale] })).toBeVisible();
        await expect(page).toHaveTitle(await signInTitleOf(page, locale));
        // Only sign-in was ever on screen, under its own address (no flash of the guarded screen)...
        await expect
          .poll(() => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], PAINTED_KEY))
          .toEqual([`${pathIn(locale, paths.signIn)} ${SIGN_IN_TITLE[locale]}`]);
        // ...from the guarded page itself: no round trip for a second page.
        expect(pagesFetched.map((url) => new URL(url).pathname)).toEqual([address]);
        await page.evaluate((key) => sessionStorage.removeItem(key), PAINTED_KEY);
      });
    }
  }
});

test('the sign-in a guarded screen shows in place works as its own page does: the parent signs in and reaches the menu', async ({
  page,
}) => {
  const problems = recordProblems(page);
  await page.goto('/');
  const entries = await page.evaluate(() => history.length);
  await page.goto(paths.chat);
  await expect(page).toHaveURL(paths.signIn);
  // The guarded address was replaced, as a redirect replaces it: Back leads to where the parent came from.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await waitForApp(page);
  await page.getByLabel('Name').fill(ASHA.name);
  await page.getByLabel('Phone Number').fill(ASHA.number);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(paths.menu);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${ASHA.name}!` })).toBeVisible();
  // Hydrated without a mismatch: React reports one as a console error.
  expect(problems).toEqual([]);
});
