import type { Page, Route } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { en as app } from '../../src/app/messages.ts';
import { paths } from '../../src/config/paths.ts';
import { en as visitor } from '../../src/features/new-visitor/messages.ts';
import { LOCALE_NAMES } from '../../src/shared/i18n/locale.ts';
import { expect, test } from './fixtures.ts';

/** Holds every script the pages ask for, as slow mobile data would: the app does not start while they are held. */
async function holdScripts(page: Page): Promise<{ held: Route[]; release(): Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/[^/]*\.js$/, (route) => (holding ? void held.push(route) : route.fallback()));
  return {
    held,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.fallback();
    },
  };
}

test('a page of links answers a tap before the app has started: the landing page, then the welcome page', async ({
  page,
}) => {
  const { held } = await holdScripts(page);
  await page.goto(paths.home);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: new RegExp(app.landing.newTitle) }).click();
  await expect(page.getByRole('heading', { level: 1, name: visitor.welcome.title })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(visitor.welcome.bookConsultTitle) }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.bookConsult}$`));
  await expect(page.getByRole('heading', { level: 1, name: visitor.bookConsult.title })).toBeVisible();
  for (const route of held) await route.abort().catch(() => undefined);
});

test('the language chosen on a page of links before the app has started is kept for the next start', async ({
  page,
  context,
}) => {
  const { held } = await holdScripts(page);
  await page.goto(paths.home);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: LOCALE_NAMES.hi }).click();
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.getByText(hindi.app.tagline, { exact: true })).toBeVisible();
  const later = await context.newPage();
  await later.goto(paths.home);
  await expect(later).toHaveURL(/\/hi$/);
});

test('a page with a form stays shut until the app runs, so nothing is typed into a form that cannot send', async ({
  page,
}) => {
  const { held, release } = await holdScripts(page);
  await page.goto(paths.bookConsult);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await release();
  await page.getByRole('textbox', { name: visitor.bookConsult.preferred }).fill('Weekday evenings');
});
