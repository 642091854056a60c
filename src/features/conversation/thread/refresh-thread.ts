import { seenAll, withThreadPage, type SavedConversation } from '../../../shared/conversation/store.ts';
import { unreadCount } from '../../../shared/conversation/thread.ts';
import type { ThreadMessage } from '../../../shared/webhook/conversation.ts';
import { isWebhookError } from '../../../shared/webhook/errors.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { fetchThread } from './conversation-api.ts';
import { pageConversationStore } from './page-conversation.ts';

export interface Refreshed {
  saved: SavedConversation;
  /** The messages this fetch brought that the thread did not hold. */
  arrived: ThreadMessage[];
}

/**
 * Asks for what is new after the saved cursor and saves the thread with the
 * time, merged into the record as it is stored by then. The chat screen marks
 * every reply as seen (it shows them); the menu does not (it counts them). A
 * token the webhook no longer knows (401) is forgotten with the thread it
 * opened, and the refusal thrown on.
 */
export async function refreshThread(user: User, saved: SavedConversation, markSeen: boolean): Promise<Refreshed> {
  const { token } = saved;
  if (token === undefined) return { saved, arrived: [] };
  const store = pageConversationStore();
  let page: Awaited<ReturnType<typeof fetchThread>>;
  try {
    page = await fetchThread(token, saved.cursor);
  } catch (error) {
    if (isWebhookError(error) && error.kind === 'http' && error.status === 401) {
      await store.clear(user).catch(() => {
        // Unreadable storage keeps a token that opens nothing: the next fetch ends here again.
      });
    }
    throw error;
  }
  const held = new Set(saved.messages.map((message) => message.id));
  const fetched = (stored: SavedConversation) => withThreadPage(stored, page, { markSeen, savedAt: Date.now() });
  const next = await store
    // Logged out, or another token, since the fetch began: that record is not this thread's.
    .update(user, (stored) => (stored.token === token ? fetched(stored) : stored))
    .catch(() =>
      // The phone could not keep it: the thread is on screen now, only the next offline visit misses it.
      fetched(saved),
    );
  return { saved: next, arrived: page.messages.filter((message) => !held.has(message.id)) };
}

/**
 * The saved thread as the chat screen opens it: every reply in it counts as
 * seen from now, written before it is shown, so the menu counts none of them,
 * offline too.
 */
export async function openSavedThread(user: User): Promise<SavedConversation> {
  const store = pageConversationStore();
  const saved = await store.read(user);
  if (unreadCount(saved.messages, saved.lastSeenId) === 0) return saved;
  return store.update(user, seenAll).catch(() => seenAll(saved));
}
