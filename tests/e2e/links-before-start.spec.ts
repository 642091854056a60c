import { hindi } from '../../src/app/hindi.ts';
import { en as app } from '../../src/app/messages.ts';
import { paths } from '../../src/config/paths.ts';
import { en as visitor } from '../../src/features/visitor/messages.ts';
import { LOCALE_NAMES } from '../../src/shared/i18n/locale.ts';
import { holdScripts } from '../support/first-paint.ts';
import { expect, test } from './fixtures.ts';

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
