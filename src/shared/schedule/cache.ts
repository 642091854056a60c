/**
 * The last schedule each parent fetched, so the screen can show it at once
 * and with no network. One record per parent, keyed by the name and the
 * phone number together (`parentKey`: however either is typed), because
 * phones are shared and a number is no secret: someone who types a
 * parent's number with another name sees nothing. A record is shown for 7
 * days at most and removed after that, and logout clears the parent's
 * record. The parent's reschedule requests with their outcomes are kept in
 * the same record, so the 'Your requests' card reads offline too, and so
 * are the programme's changes to the week. A stored value that does not read as a schedule (an older shape,
 * a key from before names were part of it, damage), or storage that cannot
 * be read at all, reads as none rather than breaking the screen.
 */
import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import { parentKey } from '../rules/phone.ts';
import { SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE } from '../storage-names.ts';
import type { User } from '../webhook/types.ts';
import type { ScheduleChange } from '../webhook/announcements.ts';
import type { ParentRequest } from '../webhook/requests.ts';
import { readChangeList } from './changes.ts';
import type { ScheduleEntry } from './parser.ts';
import { readParentRequests } from './requests.ts';

export interface CachedSchedule {
  entries: ScheduleEntry[];
  /** The schedule text as the webhook sent it. */
  text: string;
  /** Epoch milliseconds of the successful fetch: 'Last updated {date, time}'. */
  fetchedAt: number;
  /** The parent's requests as list_requests last answered; absent when it never did. */
  requests?: ParentRequest[];
  /** The programme's changes to the week, as the same answer gave them; absent when it gave none. */
  changes?: ScheduleChange[];
}

export interface ScheduleCache {
  /** The parent's saved schedule, if one younger than SCHEDULE_MAX_AGE_MS is kept; drops every expired record. */
  read(parent: User): Promise<CachedSchedule | undefined>;
  /** Rejects if the phone cannot store it; the screen may ignore that, the fetched schedule is still shown. */
  save(parent: User, schedule: CachedSchedule): Promise<void>;
  /** Puts `requests` in the parent's saved record, its schedule as it was; nothing when none is kept. */
  keepRequests(parent: User, requests: ParentRequest[]): Promise<void>;
  clear(parent: User): Promise<void>;
}

/** A week: the schedule covers one, and an older copy would mislead more than help. */
export const SCHEDULE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

function isEntry(value: unknown): value is ScheduleEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (entry.kind === 'unparsed') return typeof entry.text === 'string';
  return (
    entry.kind === 'session' &&
    typeof entry.day === 'string' &&
    typeof entry.time === 'string' &&
    typeof entry.facilitator === 'string'
  );
}

function isCachedSchedule(value: unknown): value is CachedSchedule {
  if (typeof value !== 'object' || value === null) return false;
  const { entries, text, fetchedAt } = value as Record<string, unknown>;
  return Array.isArray(entries) && entries.every(isEntry) && typeof text === 'string' && Number.isFinite(fetchedAt);
}

/** The record as it may be shown: requests and changes that no longer read are left out, the schedule kept. */
function shown({ entries, text, fetchedAt, requests, changes }: CachedSchedule): CachedSchedule {
  const readable = readParentRequests(requests);
  const changed = readChangeList(changes);
  return {
    entries,
    text,
    fetchedAt,
    ...(readable !== undefined && { requests: readable }),
    ...(changed.length > 0 && { changes: changed }),
  };
}

export function createScheduleCache(
  useStore: UseStore = createStore(SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE),
  now: () => number = Date.now,
): ScheduleCache {
  const isFresh = (value: unknown): value is CachedSchedule =>
    isCachedSchedule(value) && Math.abs(now() - value.fetchedAt) < SCHEDULE_MAX_AGE_MS;

  /** Removes every record that can no longer be shown: expired, unreadable, or keyed by the number alone. */
  const dropStale = async () => {
    const all = await entries<IDBValidKey, unknown>(useStore);
    const stale = all.filter(([key, value]) => typeof key !== 'string' || !key.includes(' ') || !isFresh(value));
    if (stale.length > 0)
      await delMany(
        stale.map(([key]) => key),
        useStore,
      );
  };

  return {
    async read(parent) {
      const value: unknown = await get(parentKey(parent), useStore).catch(() => undefined);
      await dropStale().catch(() => {
        // Cleaning up is best effort; what cannot be shown is not shown either way.
      });
      return isFresh(value) ? shown(value) : undefined;
    },
    save: (parent, schedule) => set(parentKey(parent), shown(schedule), useStore),
    async keepRequests(parent, requests) {
      const value: unknown = await get(parentKey(parent), useStore);
      if (isCachedSchedule(value)) await set(parentKey(parent), shown({ ...value, requests }), useStore);
    },
    clear: (parent) => del(parentKey(parent), useStore),
  };
}
