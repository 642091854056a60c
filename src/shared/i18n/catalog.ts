/**
 * Every text a person reads lives in a typed catalog per feature, an English
 * object `en` and a Hindi one of the same shape, loaded only when Hindi is
 * the page's language. The language is fixed for a page's whole life (it
 * comes from the address, see locale.ts), so catalogs are picked from one
 * module-level setting rather than a React context: screens, hooks and
 * plain functions all read texts the same way.
 */
import type { Locale } from './locale.ts';

/**
 * The shape a translation must have: the English catalog with every literal
 * widened to string, so a Hindi object of this type can replace it with no
 * screen rewritten, and the type system refuses one that misses a key.
 */
export type Catalog<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Catalog<T[K]>;
};

/** The catalogs' names, one per feature and one each for the shell, the installable app and the small UI pieces. */
export type Namespace =
  | 'app'
  | 'pwa'
  | 'ui'
  | 'sign-in'
  | 'menu'
  | 'schedule'
  | 'requests'
  | 'announcements'
  | 'reschedule'
  | 'conversation'
  | 'notifications'
  | 'push'
  | 'voice'
  | 'outbox'
  | 'visitor';

let active: Locale = 'en';
let translations: Partial<Record<Namespace, unknown>> = {};

/** Called once before the first render (and per locale by the prerender script): the page's language and its texts. */
export function activateLocale(locale: Locale, catalogs: Partial<Record<Namespace, unknown>> = {}): void {
  active = locale;
  translations = catalogs;
}

export function activeLocale(): Locale {
  return active;
}

/** The namespace's catalog in the page's language; English where no translation was loaded. */
export function translated<T>(namespace: Namespace, en: T): Catalog<T> {
  return (active === 'en' ? en : (translations[namespace] ?? en)) as Catalog<T>;
}
