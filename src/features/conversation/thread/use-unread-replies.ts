import { useEffect, useState } from 'react';
import type { SavedConversation } from '../../../shared/conversation/store.ts';
import { unreadCount } from '../../../shared/conversation/thread.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { setUnreadBadge } from './app-badge.ts';
import { pageConversationStore } from './page-conversation.ts';
import { refreshThread } from './refresh-thread.ts';

/**
 * The replies the parent has not seen on the chat screen: the saved thread's
 * at once, then after one fetch; the app's icon badge says the same.
 */
export function useUnreadReplies(user: User | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!user) return undefined;
    let live = true;
    const showCount = ({ messages, lastSeenId }: SavedConversation) => {
      const unread = unreadCount(messages, lastSeenId);
      if (!live) return;
      setCount(unread);
      setUnreadBadge(unread);
    };
    void (async () => {
      const saved = await pageConversationStore().read(user);
      showCount(saved);
      // The menu asks once for what is new, so a reply is counted before the chat is opened.
      if (saved.token !== undefined) showCount((await refreshThread(user, saved, false)).saved);
    })().catch(() => {
      // Offline or refused: the saved count stays; the chat screen says what went wrong.
    });
    return () => {
      live = false;
    };
  }, [user]);
  return count;
}
