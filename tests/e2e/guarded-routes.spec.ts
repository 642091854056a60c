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

test('a parent with no session who opens a guarded screen is sent to sign-in, in English and in Hindi', async ({
  page,
}) => {
  // One context for all of them: a new tab, a shared link or the installed app reopened each start with no session.
  for (const locale of LOCALES) {
    for (const path of GUARDED) {
      const address = pathIn(locale, path);
      await test.step(address, async () => {
        await page.goto(address);
        await expect(page).toHaveURL(pathIn(locale, paths.signIn));
        await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_TITLE[locale] })).toBeVisible();
      });
    }
  }
});
