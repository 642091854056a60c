/**
 * Which sessions this phone put in a calendar, and how (the file, or
 * Google's form), by their event's UID: when staff move one, the schedule
 * offers the update the same way. Only UIDs are kept (they hold no phone
 * number), the newest few, in localStorage; storage that cannot be used
 * only means no update is offered.
 */
import { useCallback, useState } from 'react';
import { useHydrated } from '../../ui/use-hydrated.ts';

export const CALENDAR_ADDED_KEY = 'thrive-calendar-added';
/** More than a few weeks of sessions: older ones are long past. */
export const CALENDAR_ADDED_MAX = 100;

export type AddedWay = 'file' | 'google';

export type AddedEvents = Readonly<Record<string, AddedWay>>;

// Reading window.localStorage itself throws where storage is blocked, hence a getter.
const phoneStorage = () => window.localStorage;

export function readAdded(storage: () => Pick<Storage, 'getItem'>): AddedEvents {
  try {
    const value: unknown = JSON.parse(storage().getItem(CALENDAR_ADDED_KEY) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, AddedWay] => entry[1] === 'file' || entry[1] === 'google',
      ),
    );
  } catch {
    return {};
  }
}

/** The record with `uids` added the way given, newest last, the oldest dropped beyond the limit. */
export function withAdded(added: AddedEvents, uids: readonly string[], way: AddedWay): AddedEvents {
  const kept = Object.entries(added).filter(([uid]) => !uids.includes(uid));
  return Object.fromEntries([...kept, ...uids.map((uid) => [uid, way] as const)].slice(-CALENDAR_ADDED_MAX));
}

export function useCalendarAdded() {
  const hydrated = useHydrated();
  const [changed, setChanged] = useState<AddedEvents>();
  const added = changed ?? (hydrated ? readAdded(phoneStorage) : {});
  const record = useCallback((uids: readonly string[], way: AddedWay) => {
    const next = withAdded(readAdded(phoneStorage), uids, way);
    try {
      phoneStorage().setItem(CALENDAR_ADDED_KEY, JSON.stringify(next));
    } catch {
      // Not remembered: a later move offers the plain 'Add to calendar'.
    }
    setChanged(next);
  }, []);
  return { added, record };
}
