/**
 * What the phone keeps of a parent's conversation, in IndexedDB:
 * the token from `verify_code` (never sessionStorage: an installed app stays
 * verified between launches), the last fetched thread with its cursor and
 * when it was saved, the newest reply the parent has seen, and the read
 * receipts both ways (so "Seen" shows offline too). One record per
 * parent (`parentKey`), since phones are shared; logout deletes it. A record
 * that does not read as one (damage, an older shape) reads as none.
 */
import { createStore, del, entries, get, update, type UseStore } from 'idb-keyval';
import { parentKey } from '../rules/phone.ts';
import { CONVERSATION_DB, CONVERSATION_STORE } from '../storage-names.ts';
import type { SeenMark, ThreadMessage } from '../webhook/conversation.ts';
import type { User } from '../webhook/types.ts';
import type { FetchedThread } from './fetch-thread.ts';
import { mergeThread, newestReplyId, readSeenMark, readThreadPage } from './thread.ts';

export interface SavedConversation {
  token?: string;
  /** The thread, oldest first. */
  messages: ThreadMessage[];
  /** What to send as `payload.after` to get only what is new. */
  cursor?: string;
  /** Epoch milliseconds of the last fetch that answered: 'Saved at …'. */
  savedAt?: number;
  /** The newest staff reply shown to the parent: later ones are unread. */
  lastSeenId?: string;
  /** The newest of the parent's messages the programme has opened, and when ("Seen"). */
  seen?: SeenMark;
  /** chat_thread's last word on this device's read_receipts: only true lets the chat screen send mark_read. */
  readReceipts?: true;
  /** The newest staff reply a mark_read was queued for (read-receipts.ts). */
  lastReadSent?: string;
}

export const EMPTY_CONVERSATION: SavedConversation = { messages: [] };

/**
 * The stored record with a fetched page merged in, as the page and the
 * service worker both save it: built from what is stored now, so a write from
 * another screen since the fetch began (a reply marked seen) is kept. With
 * `markSeen` (the chat screen shows every reply) the newest reply is the last seen.
 */
export function withThreadPage(
  stored: SavedConversation,
  page: FetchedThread,
  { markSeen, savedAt }: { markSeen: boolean; savedAt: number },
): SavedConversation {
  const merged = withReadReceipts(
    {
      ...stored,
      messages: mergeThread(stored.messages, page.messages),
      ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
      savedAt,
      ...(page.seen ? { seen: page.seen } : {}),
    },
    // Read receipts follow the answer: a backend that leaves read_receipts out gets no mark_read.
    page.readReceipts === true,
  );
  return markSeen ? seenAll(merged) : merged;
}

/** The record with the device's read receipts setting as chat_thread last said it, or the parent just saved it. */
export function withReadReceipts(saved: SavedConversation, on: boolean): SavedConversation {
  const next = { ...saved };
  if (on) next.readReceipts = true;
  else delete next.readReceipts;
  return next;
}

/** The record once the chat screen has shown it: every reply in it is seen. */
export function seenAll(saved: SavedConversation): SavedConversation {
  const seen = newestReplyId(saved.messages) ?? saved.lastSeenId;
  return seen === undefined ? saved : { ...saved, lastSeenId: seen };
}

export interface ConversationStore {
  read(parent: User): Promise<SavedConversation>;
  /** Applies `change` to the stored record in one transaction and gives the result. */
  update(parent: User, change: (saved: SavedConversation) => SavedConversation): Promise<SavedConversation>;
  clear(parent: User): Promise<void>;
}

function asConversation(value: unknown): SavedConversation {
  if (typeof value !== 'object' || value === null) return EMPTY_CONVERSATION;
  const { token, messages, cursor, savedAt, lastSeenId, seen, readReceipts, lastReadSent } = value as Record<
    string,
    unknown
  >;
  const mark = readSeenMark(seen);
  // The thread is checked as an answer would be: what was saved came from one.
  const thread = readThreadPage({ messages, cursor: typeof cursor === 'string' ? cursor : '0', more: false });
  return {
    ...(typeof token === 'string' && token !== '' ? { token } : {}),
    messages: thread?.messages ?? [],
    ...(thread && typeof cursor === 'string' ? { cursor } : {}),
    ...(thread && typeof savedAt === 'number' && Number.isFinite(savedAt) ? { savedAt } : {}),
    ...(typeof lastSeenId === 'string' ? { lastSeenId } : {}),
    ...(mark ? { seen: mark } : {}),
    ...(readReceipts === true ? { readReceipts } : {}),
    ...(typeof lastReadSent === 'string' ? { lastReadSent } : {}),
  };
}

export function createConversationStore(
  useStore: UseStore = createStore(CONVERSATION_DB, CONVERSATION_STORE),
): ConversationStore {
  return {
    read: async (parent) => asConversation(await get(parentKey(parent), useStore)),
    async update(parent, change) {
      let result = EMPTY_CONVERSATION;
      await update(
        parentKey(parent),
        (value: unknown) => {
          result = change(asConversation(value));
          return result;
        },
        useStore,
      );
      return result;
    },
    clear: (parent) => del(parentKey(parent), useStore),
  };
}

/**
 * `store`, telling `note` whether the record has a token each time
 * it is read, written or cleared: the first paint's hint follows the record (verified-mark.ts).
 */
export function withVerifiedMark(store: ConversationStore, note: (verified: boolean) => void): ConversationStore {
  return {
    async read(parent) {
      const saved = await store.read(parent);
      note(saved.token !== undefined);
      return saved;
    },
    async update(parent, change) {
      const saved = await store.update(parent, change);
      note(saved.token !== undefined);
      return saved;
    },
    async clear(parent) {
      // Told first: a record that could not be deleted is one the parent is leaving, or whose token is refused.
      note(false);
      await store.clear(parent);
    },
  };
}

/**
 * Every parent's record on the phone, by its key: the service worker knows no
 * session, so on a push it refreshes each record that holds a token.
 */
export interface EverySavedConversation {
  all(): Promise<[string, SavedConversation][]>;
  update(key: string, change: (saved: SavedConversation) => SavedConversation): Promise<void>;
}

export function everySavedConversation(
  useStore: UseStore = createStore(CONVERSATION_DB, CONVERSATION_STORE),
): EverySavedConversation {
  return {
    all: async () =>
      (await entries(useStore)).map(([key, value]): [string, SavedConversation] => [
        String(key),
        asConversation(value),
      ]),
    update: (key, change) => update(key, (value: unknown) => change(asConversation(value)), useStore),
  };
}
