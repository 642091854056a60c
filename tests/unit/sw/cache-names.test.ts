import { describe, expect, it } from 'vitest';
import { CACHE_VERSION, isStaleCache } from '../../../sw/cache-names.ts';

const current = [`thrive-precache-${CACHE_VERSION}`];

describe('isStaleCache', () => {
  it.each([
    ['the running precache', `thrive-precache-${CACHE_VERSION}`, false],
    ['an older precache version', 'thrive-precache-v0', true],
    ['an older runtime cache', 'thrive-runtime-v0', true],
    ['a cache without our prefix', 'workbox-precache-v2-https://portal.example/', false],
    ['a cache whose name merely contains our prefix', 'other-thrive-cache', false],
  ])('%s (%s): stale is %s', (_case, name, expected) => {
    expect(isStaleCache(name, current)).toBe(expected);
  });
});
