import { hindi } from '../../src/app/hindi.ts';
import { paths } from '../../src/config/paths.ts';
import { en as parent } from '../../src/features/registered-parent/messages.ts';
import { LOCALES, pathIn, type Locale } from '../../src/shared/i18n/locale.ts';
import { expect, test } from './fixtures.ts';

/** Every screen behind the session guard (the needsSession screens of src/app/app-routes.tsx). */
const GUARDED = [paths.menu, paths.schedule, paths.reschedule, paths.chat, paths.outbox];
const SIGN_IN_TITLE: Record<Locale, string> = {
  en: parent.signIn.title,
  hi: hindi['registered-parent'].signIn.title,
};

const PAINTED_KEY = 'e2e.painted';

/** Runs in every document before its scripts: each one that paints anything notes its address in the tab's sessionStorage. */
function notePaintedPages(key: string): void {
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().length === 0) return;
    observer.disconnect();
    const painted = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    sessionStorage.setItem(key, JSON.stringify([...painted, location.pathname]));
  }).observe({ type: 'paint', buffered: true });
}

test('a parent with no session who opens a guarded screen is sent to sign-in before it paints, in English and in Hindi', async ({
  page,
  context,
}) => {
  await context.addInitScript(notePaintedPages, PAINTED_KEY);
  // One context for all of them: a new tab, a shared link or the installed app reopened each start with no session.
  for (const locale of LOCALES) {
    for (const path of GUARDED) {
      const address = pathIn(locale, path);
      await test.step(address, async () => {
        await page.goto(address);
        await expect(page).toHaveURL(pathIn(locale, paths.signIn));
        await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_TITLE[locale] })).toBeVisible();
        // The guarded page was left before its first paint: only sign-in was ever on screen (no flash of the screen).
        await expect
          .poll(() => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], PAINTED_KEY))
          .toEqual([pathIn(locale, paths.signIn)]);
        await page.evaluate((key) => sessionStorage.removeItem(key), PAINTED_KEY);
      });
    }
  }
});
