import { setCacheNameDetails } from 'workbox-core';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CACHE_PREFIX, CACHE_VERSION } from './cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

/** The empty page the app renders any address into (build/prerender.ts writes it). */
const SHELL_URL = 'app-shell.html';

/** Same-origin API paths are never pages, even when opened as one; the staff inbox is the server's own pages. */
const NOT_PAGES = [/^\/api\//, /^\/staff(\/|$)/];

/**
 * Precaches the build (every prerendered page, every route's JS and CSS, the
 * manifest and icons) into `thrive-precache-<version>`. A navigation to a
 * prerendered address gets its own page (workbox maps `/x` to x.html and `/`
 * to index.html), so a deep link opened offline paints its own screen at once;
 * any other address (an unknown path, a query string) gets the empty app
 * shell, which the router fills, the 404 page included.
 */
export function serveAppShell(): void {
  setCacheNameDetails({ prefix: CACHE_PREFIX, precache: 'precache', runtime: 'runtime', suffix: CACHE_VERSION });
  // First: the precached pages answer their own addresses before the fallback below is asked.
  precacheAndRoute(self.__WB_MANIFEST);
  registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_URL), { denylist: NOT_PAGES }));
}
