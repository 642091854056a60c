import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createScheduleCache, scheduleCacheKey, type CachedSchedule } from '../../../../src/shared/schedule/cache.ts';
import { parseSchedule } from '../../../../src/shared/schedule/parser.ts';

const TEXT = 'Monday: 5:00 PM with Ms. Rao\nThursday: 6:30 PM with Mr. Iyer';
const schedule: CachedSchedule = { entries: parseSchedule(TEXT), text: TEXT, fetchedAt: Date.UTC(2026, 10, 23, 5) };

function freshStore() {
  return createStore(`test-schedule-${crypto.randomUUID()}`, 'by-parent');
}

describe('scheduleCacheKey', () => {
  it.each([
    ['9876543210', '+919876543210'],
    [' 98765 43210 ', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('files %s under %s', (number, key) => {
    expect(scheduleCacheKey(number)).toBe(key);
  });
});

describe('schedule cache', () => {
  it('gives back the schedule saved for a parent, however the number is written', async () => {
    const cache = createScheduleCache(freshStore());
    await cache.save('9876543210', schedule);
    expect(await cache.read('+91 98765 43210')).toEqual(schedule);
  });

  it('has nothing for a parent who never fetched', async () => {
    const cache = createScheduleCache(freshStore());
    await cache.save('9876543210', schedule);
    expect(await cache.read('9123456780')).toBeUndefined();
  });

  it('replaces the previous schedule with the latest fetch', async () => {
    const cache = createScheduleCache(freshStore());
    await cache.save('9876543210', schedule);
    const later = { entries: [], text: '', fetchedAt: schedule.fetchedAt + 60_000 };
    await cache.save('9876543210', later);
    expect(await cache.read('9876543210')).toEqual(later);
  });

  it('clears one parent’s schedule and leaves another’s', async () => {
    const cache = createScheduleCache(freshStore());
    await cache.save('9876543210', schedule);
    await cache.save('+14155550100', schedule);
    await cache.clear('+919876543210');
    expect(await cache.read('9876543210')).toBeUndefined();
    expect(await cache.read('+14155550100')).toEqual(schedule);
  });

  it('stores only the schedule, not whatever else the caller passed along', async () => {
    const cache = createScheduleCache(freshStore());
    await cache.save('9876543210', { ...schedule, extra: 'not kept' } as CachedSchedule);
    expect(await cache.read('9876543210')).toEqual(schedule);
  });

  it.each([
    ['a string', 'Monday: 5 PM with Ms. Rao'],
    ['a record without a fetch time', { entries: [], text: '' }],
    ['entries that are not schedule entries', { entries: [{ day: 'Monday' }], text: '', fetchedAt: 1 }],
    ['null', null],
  ])('reads %s stored under the key as no schedule', async (_case, value) => {
    const store = freshStore();
    await set('+919876543210', value, store);
    expect(await createScheduleCache(store).read('9876543210')).toBeUndefined();
  });

  it('reads as no schedule when storage cannot be opened', async () => {
    const broken = createScheduleCache(() => Promise.reject(new DOMException('blocked', 'InvalidStateError')));
    expect(await broken.read('9876543210')).toBeUndefined();
  });
});
