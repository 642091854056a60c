import { activeLocale } from '../i18n/catalog.ts';
import { INTL_LOCALE, type Locale } from '../i18n/locale.ts';

/** A count as the page's language writes it: Latin digits, Indian grouping past a thousand ("1,00,000"). */
export function formatCount(value: number, locale: Locale = activeLocale()): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 }).format(value);
}
