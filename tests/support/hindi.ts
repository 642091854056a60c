import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { devanagariDigits, ENGLISH_TEXTS, latinWords } from './hindi-texts.ts';
import { sidewaysOverflow } from './phone-screen.ts';

/** What a person reads or hears on the page: its visible text, the names and hints in attributes, the title. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'];
    const named = [...document.querySelectorAll('*')].flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...named].join('\n');
  });
}

/**
 * The screen as it is now is all Hindi, as a Hindi-reading parent meets it
 * on a phone: the document in Hindi, no English text of the catalogs (or the
 * calendar's) anywhere a person reads or hears, no Latin-letter word outside
 * the short list (hindi-texts.ts; what the client formats itself, dates,
 * times and sizes included), digits in Latin, nothing sideways at 360 px.
 */
export async function expectHindiOnPhone(page: Page, state: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), `lang: ${state}`).toBe('hi');
  const text = await readableText(page);
  expect(
    ENGLISH_TEXTS.filter((english) => text.includes(english)),
    `English on the Hindi screen: ${state}`,
  ).toEqual([]);
  expect(devanagariDigits(text), `Devanagari digits: ${state}`).toEqual([]);
  expect(latinWords(text), `Latin words on the Hindi screen: ${state}`).toEqual([]);
  expect(await sidewaysOverflow(page), `sideways at 360 px: ${state}`).toEqual([]);
}

/** expectHindiOnPhone, then axe clean; a 360 px screenshot is kept for a person to look at. */
export async function expectHindiScreen(page: Page, state: string): Promise<void> {
  await expectHindiOnPhone(page, state);
  await expectAccessible(page, state);
  const file = test.info().outputPath(`hindi-360-${state.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(`Hindi at 360 px: ${state}`, { path: file, contentType: 'image/png' });
}
