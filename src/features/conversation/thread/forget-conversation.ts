import type { User } from '../../../shared/webhook/types.ts';
import { setUnreadBadge } from './app-badge.ts';
import { revokeToken } from './conversation-api.ts';
import { pageConversationStore } from './page-conversation.ts';

/**
 * Logout's part of the conversation: the token is ended on the server and
 * forgotten on the phone with the thread, whatever the server answers (a 401
 * means it was over already; offline, the server lets it lapse after 90 days).
 */
export async function forgetConversation(user: User): Promise<void> {
  const store = pageConversationStore();
  const { token } = await store.read(user).catch(() => ({ token: undefined }));
  await store.clear(user).catch(() => {
    // Logging out must not hang on storage; the record is keyed by this parent and shown to no one else.
  });
  setUnreadBadge(0);
  if (token === undefined) return;
  await revokeToken(token).catch(() => {
    // Forgotten on the phone already: nothing more to do here, and nothing to show on the way out.
  });
}
