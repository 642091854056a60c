import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS_MAX_AGE_MS,
  createAnnouncementsCache,
} from '../../../../src/features/announcements/announcements-cache.ts';
import { parentKey } from '../../../../src/shared/rules/phone.ts';
import { announcement } from '../../../support/announcements.ts';

const FETCHED_AT = Date.UTC(2026, 10, 23, 5);
const ASHA = { name: 'Asha Verma', number: '9876543210' };
const LIST = [announcement('a1', '2026-11-20T09:00:00+05:30'), announcement('a2', '2026-11-22T09:00:00+05:30')];

function cacheAt(clock = { now: FETCHED_AT + 1000 }) {
  const store = createStore(`test-announcements-${crypto.randomUUID()}`, 'by-parent');
  return { cache: createAnnouncementsCache(store, () => clock.now), store, clock };
}

describe('announcements cache', () => {
  it('gives back the list saved for a parent, however the name and number are typed', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, LIST, FETCHED_AT);
    expect(await cache.read({ name: ' asha VERMA', number: '+91 98765 43210' })).toEqual({
      announcements: LIST,
      fetchedAt: FETCHED_AT,
      seenHere: [],
    });
    expect(await cache.read({ name: 'Ravi Verma', number: ASHA.number })).toBeUndefined();
  });

  it('marks an announcement seen once, and keeps the mark across a new answer that still lists it', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, LIST, FETCHED_AT);
    expect(await cache.markSeen(ASHA, 'a1')).toBe(true);
    expect(await cache.markSeen(ASHA, 'a1')).toBe(false);
    // The server has not heard of the mark yet: its answer still says unseen, and this phone's mark stays.
    const saved = await cache.save(ASHA, LIST, FETCHED_AT + 1);
    expect(saved.seenHere).toEqual(['a1']);
    // Withdrawn: it leaves the list, and its mark goes with it.
    expect((await cache.save(ASHA, LIST.slice(1), FETCHED_AT + 2)).seenHere).toEqual([]);
  });

  it.each([
    ['one the server already says is seen', [{ ...announcement('a1', '2026-11-20T09:00:00+05:30'), seen: true }]],
    ['one that is not listed', []],
  ])('has nothing to mark for %s', async (_case, list) => {
    const { cache } = cacheAt();
    await cache.save(ASHA, list, FETCHED_AT);
    expect(await cache.markSeen(ASHA, 'a1')).toBe(false);
  });

  it('keeps a mark made while a new answer is being saved: the update page marks as its refresh saves', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, LIST, FETCHED_AT);
    const [marked] = await Promise.all([cache.markSeen(ASHA, 'a1'), cache.save(ASHA, LIST, FETCHED_AT + 1)]);
    expect(marked).toBe(true);
    expect((await cache.read(ASHA))?.seenHere).toEqual(['a1']);
    // Made once: the mark is not offered again for the outbox.
    expect(await cache.markSeen(ASHA, 'a1')).toBe(false);
  });

  it('takes a mark back when the outbox could not store it', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, LIST, FETCHED_AT);
    await cache.markSeen(ASHA, 'a2');
    await cache.unmarkSeen(ASHA, 'a2');
    expect((await cache.read(ASHA))?.seenHere).toEqual([]);
    expect(await cache.markSeen(ASHA, 'a2')).toBe(true);
  });

  it('reads a month-old record, or one that does not read, as none', async () => {
    const { cache, store, clock } = cacheAt();
    await cache.save(ASHA, LIST, FETCHED_AT);
    clock.now = FETCHED_AT + ANNOUNCEMENTS_MAX_AGE_MS;
    expect(await cache.read(ASHA)).toBeUndefined();
    clock.now = FETCHED_AT;
    await set(parentKey(ASHA), { announcements: 'none', fetchedAt: FETCHED_AT }, store);
    expect(await cache.read(ASHA)).toBeUndefined();
  });

  it('forgets the parent at logout', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, LIST, FETCHED_AT);
    await cache.clear(ASHA);
    expect(await cache.read(ASHA)).toBeUndefined();
  });
});
