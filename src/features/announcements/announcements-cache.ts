/**
 * The last announcements each parent fetched, so the list, each
 * announcement and the menu's count read at once and with no network. One
 * record per parent, keyed by name and number together (`parentKey`), as the
 * saved schedule is, and cleared at logout. The record also holds the ids
 * this phone marked seen (`seenHere`), so a mark still waiting in the outbox
 * counts at once and is never made twice. A record older than
 * ANNOUNCEMENTS_MAX_AGE_MS, or one that does not read, reads as none. Every
 * change reads and writes the record in one IndexedDB transaction: the update
 * page marks one seen while its refresh saves the new answer, and neither may
 * write over the other.
 */
import { createStore, del, get, update, type UseStore } from 'idb-keyval';
import { parentKey } from '../../shared/rules/phone.ts';
import { ANNOUNCEMENTS_DB, ANNOUNCEMENTS_STORE } from '../../shared/storage-names.ts';
import type { Announcement } from '../../shared/webhook/announcements.ts';
import type { User } from '../../shared/webhook/types.ts';
import { readAnnouncements } from './announcement-list.ts';

export interface SavedAnnouncements {
  /** As the webhook last listed them. */
  announcements: Announcement[];
  /** Epoch milliseconds of that answer. */
  fetchedAt: number;
  /** Marked seen on this phone; kept only for ids still listed. */
  seenHere: string[];
}

export interface AnnouncementsCache {
  read(parent: User): Promise<SavedAnnouncements | undefined>;
  /** Keeps a new answer, with this phone's marks for the ones still listed. */
  save(parent: User, announcements: Announcement[], fetchedAt: number): Promise<SavedAnnouncements>;
  /** Adds `id` to this phone's marks; false when it was already seen here or by the server (nothing to send). */
  markSeen(parent: User, id: string): Promise<boolean>;
  /** Takes a mark back (the outbox could not store it): the next opening tries again. */
  unmarkSeen(parent: User, id: string): Promise<void>;
  clear(parent: User): Promise<void>;
}

/** A month: a parent who never logs out does not keep last term's news on a shared phone. */
export const ANNOUNCEMENTS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function readSaved(value: unknown, now: number): SavedAnnouncements | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { announcements, fetchedAt, seenHere } = value as Record<string, unknown>;
  const list = readAnnouncements(announcements);
  if (!list || typeof fetchedAt !== 'number' || Math.abs(now - fetchedAt) >= ANNOUNCEMENTS_MAX_AGE_MS) return undefined;
  const marks = Array.isArray(seenHere) ? seenHere.filter((id): id is string => typeof id === 'string') : [];
  return { announcements: list, fetchedAt, seenHere: marks };
}

export function createAnnouncementsCache(
  useStore: UseStore = createStore(ANNOUNCEMENTS_DB, ANNOUNCEMENTS_STORE),
  now: () => number = Date.now,
): AnnouncementsCache {
  const read = async (parent: User) => readSaved(await get(parentKey(parent), useStore).catch(() => undefined), now());
  /** Changes the parent's record in one transaction: `next` gets it as saved and gives what to keep. */
  const change = (parent: User, next: (saved: SavedAnnouncements | undefined) => SavedAnnouncements | undefined) =>
    update<unknown>(parentKey(parent), (stored) => next(readSaved(stored, now())) ?? stored, useStore);
  return {
    read,
    async save(parent, announcements, fetchedAt) {
      const listed = new Set(announcements.map((item) => item.announcement_id));
      let saved: SavedAnnouncements = { announcements, fetchedAt, seenHere: [] };
      await change(parent, (before) => {
        saved = { ...saved, seenHere: (before?.seenHere ?? []).filter((id) => listed.has(id)) };
        return saved;
      });
      return saved;
    },
    async markSeen(parent, id) {
      let marked = false;
      await change(parent, (saved) => {
        const item = saved?.announcements.find((announcement) => announcement.announcement_id === id);
        if (!saved || !item || item.seen || saved.seenHere.includes(id)) return undefined;
        marked = true;
        return { ...saved, seenHere: [...saved.seenHere, id] };
      });
      return marked;
    },
    async unmarkSeen(parent, id) {
      await change(parent, (saved) => saved && { ...saved, seenHere: saved.seenHere.filter((mark) => mark !== id) });
    },
    clear: (parent) => del(parentKey(parent), useStore),
  };
}

let cache: AnnouncementsCache | undefined;

/** The page's one handle on the saved announcements (opened on first use, not when the module loads). */
export function pageAnnouncementsCache(): AnnouncementsCache {
  cache ??= createAnnouncementsCache();
  return cache;
}
