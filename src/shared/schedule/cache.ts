/**
 * The last schedule each parent fetched, so the screen can show it at once
 * and with no network. One record per parent, keyed by the phone number in
 * one form ('98765 43210', '9876543210' and '+919876543210' are the same
 * parent); logout clears that parent's record, because phones are shared. A
 * stored value that does not read as a schedule (an older shape, damage),
 * or storage that cannot be read at all, reads as none rather than breaking
 * the screen.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE } from '../storage-names.ts';
import type { ScheduleEntry } from './parser.ts';

export interface CachedSchedule {
  entries: ScheduleEntry[];
  /** The schedule text as the webhook sent it. */
  text: string;
  /** Epoch milliseconds of the successful fetch: 'Last updated {date, time}'. */
  fetchedAt: number;
}

export interface ScheduleCache {
  read(number: string): Promise<CachedSchedule | undefined>;
  /** Rejects if the phone cannot store it; the screen may ignore that, the fetched schedule is still shown. */
  save(number: string, schedule: CachedSchedule): Promise<void>;
  clear(number: string): Promise<void>;
}

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** One key per parent: separators dropped, a bare Indian mobile given its +91. */
export function scheduleCacheKey(number: string): string {
  const compact = number.replace(/[\s().-]/g, '');
  return INDIAN_MOBILE.test(compact) ? `+91${compact}` : compact;
}

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

export function createScheduleCache(
  useStore: UseStore = createStore(SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE),
): ScheduleCache {
  return {
    async read(number) {
      const value: unknown = await get(scheduleCacheKey(number), useStore).catch(() => undefined);
      return isCachedSchedule(value) ? value : undefined;
    },
    save: (number, { entries, text, fetchedAt }) =>
      set(scheduleCacheKey(number), { entries, text, fetchedAt }, useStore),
    clear: (number) => del(scheduleCacheKey(number), useStore),
  };
}
