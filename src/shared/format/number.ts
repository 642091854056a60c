import { activeLocale } from '../i18n/catalog.ts';
import { INTL_LOCALE, type Locale } from '../i18n/locale.ts';

// Making a formatter costs far more than using one: the first one a page makes loads the language's number
// data, which took over 50 ms of the chat screen's start on a cheap phone (its counter reads "0 / 500").
const formatters = new Map<Locale, Intl.NumberFormat>();

/** A count as the page's language writes it: Latin digits, Indian grouping past a thousand ("1,00,000"). */
export function formatCount(value: number, locale: Locale = activeLocale()): string {
  // Both languages write a whole number under a thousand as its Latin digits: no formatter is needed.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}
