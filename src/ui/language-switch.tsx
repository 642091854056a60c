import { useLocation } from 'react-router';
import { activeLocale } from '../shared/i18n/catalog.ts';
import { LOCALE_KEY, LOCALE_NAMES, pathIn } from '../shared/i18n/locale.ts';
import './button.css';
import './page.css';

/**
 * 'हिन्दी' on an English page, 'English' on a Hindi one: a link to the same
 * screen in the other language, at the end of a page's navigation row.
 * The router's pathname has no /hi: the basename holds it. It is a full page load, not a route change:
 * the page's language is fixed for its life (shared/i18n/catalog.ts). The
 * choice is remembered on the phone for the next start, offline too (the
 * pages' locale script reads it, src/page/locale-script.ts); storage that
 * refuses only loses the remembering, never the switch.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const other = activeLocale() === 'hi' ? 'en' : 'hi';
  const remember = () => {
    try {
      localStorage.setItem(LOCALE_KEY, other);
    } catch {
      // Private browsing or storage turned off: this visit still switches.
    }
  };
  return (
    <a
      className="button button--ghost page__nav-end"
      href={pathIn(other, pathname) + search}
      lang={other}
      hrefLang={other}
      onClick={remember}
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
