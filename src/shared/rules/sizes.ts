import { activeLocale } from '../i18n/catalog.ts';
import { INTL_LOCALE, type Locale } from '../i18n/locale.ts';

const UNITS: Record<Locale, readonly string[]> = {
  en: ['Bytes', 'KB', 'MB', 'GB'],
  hi: ['बाइट', 'केबी', 'एमबी', 'जीबी'],
};

/** "512 Bytes", "1.50 KB", "10.00 MB" (spec §9): binary steps, two decimals past Bytes, in the page's language. */
export function formatFileSize(bytes: number, locale: Locale = activeLocale()): string {
  const units = UNITS[locale];
  let unit = 0;
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const decimals = unit === 0 ? 0 : 2;
  const number = new Intl.NumberFormat(INTL_LOCALE[locale], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(unit === 0 ? Math.round(value) : value);
  return `${number} ${units[unit] ?? ''}`;
}
