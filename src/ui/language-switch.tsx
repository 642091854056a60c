import { useLocation } from 'react-router';
import { activeLocale } from '../shared/i18n/catalog.ts';
import { LOCALE_NAMES, pathIn } from '../shared/i18n/locale.ts';
import './button.css';
import './page.css';

/**
 * 'हिन्दी' on an English page, 'English' on a Hindi one: a link to the same
 * screen in the other language, at the end of a page's navigation row.
 * The router's pathname has no /hi: the basename holds it. It is a full page load, not a route change:
 * the page's language is fixed for its life (shared/i18n/catalog.ts). The
 * choice is remembered on the phone for the next start, offline too, by the
 * pages' locale script (src/page/locale-script.ts), which notes a tap on a
 * link with `hreflang` from the first paint, before the app has started, and
 * reads the choice at the next start; storage that refuses only loses the
 * remembering, never the switch.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const other = activeLocale() === 'hi' ? 'en' : 'hi';
  return (
    <a
      className="button button--ghost page__nav-end"
      href={pathIn(other, pathname) + search}
      lang={other}
      hrefLang={other}
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
