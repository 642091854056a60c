import type { SavedConversation } from '../../../shared/conversation/store.ts';
import { mergeThread, newestReplyId } from '../../../shared/conversation/thread.ts';
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
 * time. The chat screen marks every reply as seen (it shows them); the menu
 * does not (it counts them). A token the webhook no longer knows (401) is
 * forgotten with the thread it opened, and the refusal thrown on.
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
  const messages = mergeThread(saved.messages, page.messages);
  const seen = markSeen ? newestReplyId(messages) : saved.lastSeenId;
  const next: SavedConversation = {
    ...saved,
    messages,
    ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
    savedAt: Date.now(),
    ...(seen === undefined ? {} : { lastSeenId: seen }),
  };
  await store
    .update(user, (stored) => (stored.token === token ? next : stored))
    .catch(() => {
      // The phone could not keep it: the thread is on screen now, only the next offline visit misses it.
    });
  return { saved: next, arrived: page.messages.filter((message) => !held.has(message.id)) };
}
