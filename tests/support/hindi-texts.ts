/**
 * What a Hindi page may not say, free of any test runner: the browser's check (hindi.ts) and the screen tests'
 * (screen/hindi-screen.ts) read a page's text each their own way and judge it by these.
 */
import { hindi } from '../../src/app/hindi.ts';
import type { Namespace } from '../../src/shared/i18n/catalog.ts';
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

/** The Latin-letter words of `text` outside the list above. */
export function latinWords(text: string): string[] {
  const words = text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
  return [...new Set(words.filter((word) => !LATIN_ALLOWED.has(word)))];
}

/** Devanagari digits: the portal writes its numbers in Latin digits in Hindi too. */
export function devanagariDigits(text: string): string[] {
  return text.match(/[०-९]/g) ?? [];
}
