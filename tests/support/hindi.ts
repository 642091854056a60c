import { expect, test, type Page } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import type { Namespace } from '../../src/shared/i18n/catalog.ts';
import { expectAccessible } from './axe.ts';
import { sidewaysOverflow } from './phone-screen.ts';
import { ENGLISH } from './english-catalogs.ts';

/** The calendar library's own English, which a Hindi page must not show either. */
const LIBRARY_ENGLISH = ['Go to the Next Month', 'Go to the Previous Month', 'Today, ', ', selected'];

function strings(english: unknown, translated: unknown): string[] {
  if (typeof english === 'string') return english === translated ? [] : [english];
  if (typeof english !== 'object' || english === null) return [];
  return Object.entries(english).flatMap(([key, value]) =>
    strings(value, (translated as Record<string, unknown> | undefined)?.[key]),
  );
}

/** Every fixed English text of the catalogs that has a Hindi translation: none may show on a Hindi page. */
export const ENGLISH_TEXTS: readonly string[] = [
  ...(Object.keys(ENGLISH) as Namespace[]).flatMap((namespace) => strings(ENGLISH[namespace], hindi[namespace])),
  ...LIBRARY_ENGLISH,
];

/**
 * Latin-letter words a Hindi page may show: the brand, the
 * footer's product name, Google Calendar's name, the language switch's own
 * name for English, and what the tests' parent and webhook bring: the
 * parent's name, the facilitator's, the channel's and a photo's file name.
 */
const LATIN_ALLOWED = new Set([
  ...['Thrive', 'n8n', 'Google', 'English'],
  ...['Asha', 'Verma', 'Ms', 'Rao', 'parents', 'drawing', 'png'],
]);

function latinWords(text: string): string[] {
  const words = text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
  return [...new Set(words.filter((word) => !LATIN_ALLOWED.has(word)))];
}

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
 * The screen as it is now is all Hindi, as a Hindi-reading parent meets it:
 * the document in Hindi, no English text of the catalogs (or the calendar's)
 * anywhere a person reads or hears, no Latin-letter word outside the short
 * list above (what the client formats itself, dates, times and sizes
 * included), digits in Latin, nothing sideways at
 * 360 px, axe clean; a 360 px screenshot is kept for a person to look at.
 */
export async function expectHindiScreen(page: Page, state: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), `lang: ${state}`).toBe('hi');
  const text = await readableText(page);
  expect(
    ENGLISH_TEXTS.filter((english) => text.includes(english)),
    `English on the Hindi screen: ${state}`,
  ).toEqual([]);
  expect(text.match(/[०-९]/g) ?? [], `Devanagari digits: ${state}`).toEqual([]);
  expect(latinWords(text), `Latin words on the Hindi screen: ${state}`).toEqual([]);
  expect(await sidewaysOverflow(page), `sideways at 360 px: ${state}`).toEqual([]);
  await expectAccessible(page, state);
  const file = test.info().outputPath(`hindi-360-${state.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(`Hindi at 360 px: ${state}`, { path: file, contentType: 'image/png' });
}
