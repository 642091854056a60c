import { cacheNames } from 'workbox-core';
import { isStaleCache } from './cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

async function deleteStaleCaches(): Promise<void> {
  const current = [cacheNames.precache];
  const names = await self.caches.keys();
  await Promise.all(names.filter((name) => isStaleCache(name, current)).map((name) => self.caches.delete(name)));
}

/** Once this version takes over, caches of older versions only waste the phone's storage. */
export function cleanUpOutdatedCaches(): void {
  self.addEventListener('activate', (event) => {
    event.waitUntil(deleteStaleCaches());
  });
}
