import { activeLocale } from '../i18n/catalog.ts';
import type { Locale } from '../i18n/locale.ts';

const UNITS: Record<Locale, readonly string[]> = {
  en: ['Bytes', 'KB', 'MB', 'GB'],
  hi: ['बाइट', 'केबी', 'एमबी', 'जीबी'],
};

/** "512 Bytes", "1.50 KB", "10.00 MB" (the spec): binary steps, two decimals past Bytes, in the page's language. */
export function formatFileSize(bytes: number, locale: Locale = activeLocale()): string {
  const units = UNITS[locale];
  let unit = 0;
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Both languages write Latin digits and a decimal point, without grouping here: what toFixed writes, with
  // the same rounding as Intl's. Intl's first formatter loads the language's number data, over 50 ms of the chat
  // screen's start on a cheap phone, for its "up to 10.00 MB" hint.
  const number = unit === 0 ? String(Math.round(value)) : value.toFixed(2);
  return `${number} ${units[unit] ?? ''}`;
}
