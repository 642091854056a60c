import { setCacheNameDetails } from 'workbox-core';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CACHE_PREFIX, CACHE_VERSION } from './cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

const SHELL_URL = 'index.html';

/** Same-origin API paths are never pages, even when opened as one. */
const NOT_PAGES = [/^\/api\//];

/**
 * Precaches the built shell (HTML, every route's JS and CSS, the manifest and
 * icons) into `thrive-precache-<version>` and answers every in-app navigation
 * with index.html, so each route, an unknown one included, opens with no
 * network and the router takes over.
 */
export function serveAppShell(): void {
  setCacheNameDetails({ prefix: CACHE_PREFIX, precache: 'precache', runtime: 'runtime', suffix: CACHE_VERSION });
  precacheAndRoute(self.__WB_MANIFEST);
  registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_URL), { denylist: NOT_PAGES }));
}
