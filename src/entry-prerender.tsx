/**
 * The build's prerender entry, bundled for Node (`vite build --ssr`) and run
 * by scripts/prerender.ts: every screen rendered to HTML as the browser's
 * first render will see it (no session, no date, no browser state), so the
 * page paints before any script and hydrates without a mismatch.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes, SCREENS } from './app/app-routes.tsx';

/** Path prefixes each screen is prerendered under: the Hindi pages (issue #14) add theirs here. */
const LOCALE_PREFIXES = [''];

export interface PrerenderedPage {
  path: string;
  /** The export of the screen's own chunk (see LazyPage), whose CSS the page needs for its first paint. */
  screenExport?: string | undefined;
}

/** Every address that gets its own HTML file. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = LOCALE_PREFIXES.flatMap((prefix) =>
  SCREENS.map(({ path, Page }) => ({
    path: (prefix + path).replace(/(.)\/$/, '$1'),
    screenExport: 'exportName' in Page ? Page.exportName : undefined,
  })),
);

/** An address no route has: it renders the 404 page. */
export const NOT_FOUND_PATH = '/404';

/** The app's HTML at `path`: what goes inside the #root element. Fails on any render error. */
export async function renderPage(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
  return html;
}
