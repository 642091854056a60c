/**
 * Every Cache Storage cache of the portal starts with CACHE_PREFIX and ends
 * with CACHE_VERSION (`thrive-precache-v1`). Bump the version when what a
 * cache holds changes shape: the next activation deletes every `thrive-`
 * cache the running version does not use (cache-cleanup.ts), so a new cache
 * must be listed there too.
 */
export const CACHE_PREFIX = 'thrive';
export const CACHE_VERSION = 'v1';

/** Whether a cache is ours but not the running version's; caches without our prefix are not ours to delete. */
export function isStaleCache(name: string, current: readonly string[]): boolean {
  return name.startsWith(`${CACHE_PREFIX}-`) && !current.includes(name);
}
