/**
 * The build's prerender entry, bundled for Node (`vite build --ssr`) and run
 * by build/prerender.ts: every screen rendered to HTML, in English and in
 * Hindi, as the browser's first render will see it (no session, no date, no
 * browser state), so the page paints before any script and hydrates without
 * a mismatch.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes, SCREENS } from './app/app-routes.tsx';
import { hindi } from './app/hindi.ts';
import { appText } from './app/messages.ts';
import { activateLocale } from './shared/i18n/catalog.ts';
import { basenameOf, localeOfPath, LOCALES, pathIn, routePath, type Locale } from './shared/i18n/locale.ts';

export interface PrerenderedPage {
  path: string;
  locale: Locale;
  /** The export of the screen's own chunk (see LazyPage), whose CSS the page needs for its first paint. */
  screenExport?: string | undefined;
}

/** Every address that gets its own HTML file: each screen in each language. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = LOCALES.flatMap((locale) =>
  SCREENS.map(({ path, Page }) => ({
    path: pathIn(locale, path),
    locale,
    screenExport: 'exportName' in Page ? Page.exportName : undefined,
  })),
);

/** An address no route has, in each language: it renders the 404 page. */
export const NOT_FOUND_PATHS: readonly { path: string; locale: Locale }[] = LOCALES.map((locale) => ({
  path: pathIn(locale, '/404'),
  locale,
}));

function activate(locale: Locale): void {
  activateLocale(locale, locale === 'hi' ? hindi : {});
}

/**
 * What the page's head says in its language, where it leaves for, if its
 * screen sends the visitor on, and whether its screen needs the session user.
 */
export function documentOf(path: string): {
  lang: Locale;
  title: string;
  description: string;
  leavesFor?: string | undefined;
  needsSession: boolean;
  linksOnly: boolean;
} {
  const locale = localeOfPath(path);
  activate(locale);
  const screen = SCREENS.find(({ path: screenPath }) => screenPath === routePath(path));
  return {
    lang: locale,
    title: appText().documentTitle,
    description: appText().description,
    leavesFor: screen?.leavesFor,
    needsSession: screen?.needsSession ?? false,
    // No screen: the 404 page, whose one link leads home.
    linksOnly: screen ? screen.linksOnly === true : true,
  };
}

/** The app's HTML at `path`: what goes inside the #root element. Fails on any render error. */
export async function renderPage(path: string): Promise<string> {
  const locale = localeOfPath(path);
  activate(locale);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path} basename={basenameOf(locale)}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
  return html;
}
