import { hindi } from '../../src/app/hindi.ts';
import { paths } from '../../src/config/paths.ts';
import { en as visitor } from '../../src/features/visitor/messages.ts';
import { LOCALES, pathIn, type Locale } from '../../src/shared/i18n/locale.ts';
import { E2E_BUILD_ENV } from '../support/build.ts';
import { expect, test } from './fixtures.ts';

const INFO_URL = E2E_BUILD_ENV.VITE_KNOW_MORE_URL;
const INFO_PAGE = '<!doctype html><title>About Thrive</title><h1>About the Thrive programme</h1>';
const REDIRECTING: Record<Locale, string> = {
  en: visitor.knowMore.redirecting,
  hi: hindi.visitor.knowMore.redirecting,
};

// A phone with JavaScript off, or one still fetching it: the prerendered page alone must get the visitor there.
test.use({ javaScriptEnabled: false });

test('the prerendered know-more page leaves for the information page by itself, in English and in Hindi', async ({
  page,
}) => {
  await page.route(INFO_URL, (route) => route.fulfill({ contentType: 'text/html', body: INFO_PAGE }));
  for (const locale of LOCALES) {
    await test.step(locale, async () => {
      await page.goto(pathIn(locale, paths.knowMore), { waitUntil: 'commit' });
      await expect(page).toHaveURL(INFO_URL);
      await expect(page.getByRole('heading', { name: 'About the Thrive programme' })).toBeVisible();
    });
  }
});

test('a browser that does not follow the refresh shows a link to the information page, and the link works', async ({
  page,
}) => {
  // The refresh's own request is cancelled, as by a browser that ignores refreshes: the page stays, with its link.
  let follow = false;
  await page.route(INFO_URL, (route) =>
    follow ? route.fulfill({ contentType: 'text/html', body: INFO_PAGE }) : route.abort('aborted'),
  );
  for (const locale of LOCALES) {
    await test.step(locale, async () => {
      follow = false;
      const refused = page.waitForEvent('requestfailed', (request) => request.url() === INFO_URL);
      await page.goto(pathIn(locale, paths.knowMore), { waitUntil: 'commit' });
      await refused;

      const link = page.getByRole('link', { name: REDIRECTING[locale] });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', INFO_URL);
      follow = true;
      await link.click();
      await expect(page).toHaveURL(INFO_URL);
      await expect(page.getByRole('heading', { name: 'About the Thrive programme' })).toBeVisible();
    });
  }
});
