/**
 * The portal's two languages and how a page knows its own: the address.
 * English pages live at their paths and Hindi ones under /hi, so every page,
 * prerendered or not, is in one language from its first byte and never
 * flashes the other; switching language is a navigation. The person's choice
 * is remembered on the phone (LOCALE_KEY) for the next start.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where the Hindi pages live: '/hi' (the landing page), '/hi/registered-parent', … */
export const HINDI_BASE = '/hi';
/** localStorage: the language the person chose with the switch. */
export const LOCALE_KEY = 'thrive-locale';

/** Each language in its own words, as the language switch names it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** Intl's name for each: India's English and Hindi, digits Latin in both. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN-u-nu-latn' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'hi';
}

export function localeOfPath(pathname: string): Locale {
  return pathname === HINDI_BASE || pathname.startsWith(`${HINDI_BASE}/`) ? 'hi' : 'en';
}

/** The same page in `locale`: '/registered-parent' ↔ '/hi/registered-parent', '/' ↔ '/hi'. */
export function pathIn(locale: Locale, pathname: string): string {
  const bare = localeOfPath(pathname) === 'hi' ? pathname.slice(HINDI_BASE.length) || '/' : pathname;
  if (locale === 'en') return bare;
  return bare === '/' ? HINDI_BASE : `${HINDI_BASE}${bare}`;
}

/**
 * The router's path of an address: the address without its locale prefix
 * ('/hi/registered-parent/menu' → '/registered-parent/menu'), as the router
 * (whose basename holds the prefix) names it. Compare this, never the raw
 * address, with a path the router gives.
 */
export function routePath(address: string): string {
  return pathIn('en', address);
}

/** The router's basename for a locale's pages. */
export function basenameOf(locale: Locale): string | undefined {
  return locale === 'hi' ? HINDI_BASE : undefined;
}

/** Of the phone's languages in order of preference, the first the portal speaks; English when none. */
export function preferredLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}
