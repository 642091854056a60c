import 'fake-indexeddb/auto';
import { createStore, keys, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  createScheduleCache,
  SCHEDULE_MAX_AGE_MS,
  type CachedSchedule,
} from '../../../../src/shared/schedule/cache.ts';
import { parseSchedule } from '../../../../src/shared/schedule/parser.ts';
import { parentKey } from '../../../../src/shared/rules/phone.ts';

const TEXT = 'Monday: 5:00 PM with Ms. Rao\nThursday: 6:30 PM with Mr. Iyer';
const FETCHED_AT = Date.UTC(2026, 10, 23, 5);
const schedule: CachedSchedule = { entries: parseSchedule(TEXT), text: TEXT, fetchedAt: FETCHED_AT };
const ASHA = { name: 'Asha Verma', number: '9876543210' };
const HOUR = 60 * 60 * 1000;

function freshStore() {
  return createStore(`test-schedule-${crypto.randomUUID()}`, 'by-parent');
}

/** A cache whose clock stands an hour after the fetch, unless moved. */
function cacheAt(store = freshStore(), clock = { now: FETCHED_AT + HOUR }) {
  return { cache: createScheduleCache(store, () => clock.now), store, clock };
}

describe('schedule cache', () => {
  it('gives back the schedule saved for a parent, however the name and number are typed', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, schedule);
    expect(await cache.read({ name: ' asha  VERMA ', number: '+91 98765 43210' })).toEqual(schedule);
  });

  it.each([
    ['the same number with another name', { name: 'Ravi Verma', number: ASHA.number }],
    ['the same name with another number', { name: ASHA.name, number: '9123456780' }],
  ])('has nothing for %s', async (_case, someoneElse) => {
    const { cache } = cacheAt();
    await cache.save(ASHA, schedule);
    expect(await cache.read(someoneElse)).toBeUndefined();
    expect(await cache.read(ASHA)).toEqual(schedule);
  });

  it('shows a schedule for 7 days, and drops it after that', async () => {
    const { cache, store, clock } = cacheAt();
    await cache.save(ASHA, schedule);
    clock.now = FETCHED_AT + SCHEDULE_MAX_AGE_MS - 1;
    expect(await cache.read(ASHA)).toEqual(schedule);
    clock.now = FETCHED_AT + SCHEDULE_MAX_AGE_MS;
    expect(await cache.read(ASHA)).toBeUndefined();
    expect(await keys(store)).toEqual([]);
  });

  it('removes every other record it can no longer show when a parent reads theirs', async () => {
    const { cache, store, clock } = cacheAt();
    const ravi = { name: 'Ravi', number: '+14155550100' };
    await cache.save(ravi, schedule);
    clock.now = FETCHED_AT + 10 * 24 * HOUR;
    await cache.save(ASHA, { ...schedule, fetchedAt: clock.now });
    // Saved by the portal before names were part of the key: the number alone.
    await set('+919876543210', schedule, store);
    await set(parentKey({ name: 'Damaged', number: '9000000000' }), { entries: 'x' }, store);

    expect(await cache.read(ASHA)).toBeDefined();
    expect(await keys(store)).toEqual([parentKey(ASHA)]);
  });

  it('replaces the previous schedule with the latest fetch', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, schedule);
    const later = { entries: [], text: '', fetchedAt: schedule.fetchedAt + 60_000 };
    await cache.save(ASHA, later);
    expect(await cache.read(ASHA)).toEqual(later);
  });

  it('clears one parent’s schedule and leaves another’s, on the same number too', async () => {
    const { cache } = cacheAt();
    const brother = { name: 'Ravi Verma', number: ASHA.number };
    await cache.save(ASHA, schedule);
    await cache.save(brother, schedule);
    await cache.clear({ ...ASHA, number: '+919876543210' });
    expect(await cache.read(ASHA)).toBeUndefined();
    expect(await cache.read(brother)).toEqual(schedule);
  });

  it('stores only the schedule, not whatever else the caller passed along', async () => {
    const { cache } = cacheAt();
    await cache.save(ASHA, { ...schedule, extra: 'not kept' } as CachedSchedule);
    expect(await cache.read(ASHA)).toEqual(schedule);
  });

  it('keeps the programme’s changes to the week with the schedule, leaving out one that no longer reads', async () => {
    const { cache } = cacheAt();
    const cancelled = {
      announcement_id: 'ann-1',
      kind: 'cancelled' as const,
      session: { day: 'Monday', time: '5:00 PM', facilitator: 'Ms. Rao', starts_at: '2026-11-23T17:00:00+05:30' },
      reason: 'Diwali',
    };
    const damaged = { ...cancelled, kind: 'moved' as const };
    await cache.save(ASHA, { ...schedule, changes: [cancelled, damaged] });
    expect(await cache.read(ASHA)).toEqual({ ...schedule, changes: [cancelled] });
  });

  it.each([
    ['a string', 'Monday: 5 PM with Ms. Rao'],
    ['a record without a fetch time', { entries: [], text: '' }],
    ['entries that are not schedule entries', { entries: [{ day: 'Monday' }], text: '', fetchedAt: FETCHED_AT }],
    ['null', null],
  ])('reads %s stored under the key as no schedule', async (_case, value) => {
    const { cache, store } = cacheAt();
    await set(parentKey(ASHA), value, store);
    expect(await cache.read(ASHA)).toBeUndefined();
  });

  it('reads as no schedule when storage cannot be opened', async () => {
    const broken = createScheduleCache(() => Promise.reject(new DOMException('blocked', 'InvalidStateError')));
    expect(await broken.read(ASHA)).toBeUndefined();
  });
});
