/**
 * Where a page lives in the build, by the convention static hosts (Netlify,
 * GitHub Pages, Cloudflare Pages) follow: `/` is index.html, `/a/b` is
 * a/b.html, and an address with no page is answered with 404.html. The build
 * writes its pages by this rule (build/prerender.ts) and the server reads
 * them by it, so any static host serves the build as the server does.
 */
import { HINDI_BASE, localeOfPath } from '../shared/i18n/locale.ts';

/** The 404 page: English at the root, Hindi beside the Hindi pages (a host with one 404 page serves the English). */
export const NOT_FOUND_PAGE = '404.html';

/** The 404 page in the language of the address asked for. */
export function notFoundPage(urlPath: string): string {
  return localeOfPath(urlPath) === 'hi' ? `${HINDI_BASE.slice(1)}/${NOT_FOUND_PAGE}` : NOT_FOUND_PAGE;
}

/** The page file for a URL path, or undefined when the path names a file (`/x.png`) or leaves the folder. */
export function pageFile(urlPath: string): string | undefined {
  const segments = urlPath.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return 'index.html';
  if (segments.some((segment) => segment === '..' || segment.includes('\\'))) return undefined;
  if (segments.at(-1)?.includes('.')) return undefined;
  return `${segments.join('/')}.html`;
}
