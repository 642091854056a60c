import { useEffect, useState } from 'react';
import { unreadCount } from '../../../shared/conversation/thread.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { setUnreadBadge } from './app-badge.ts';
import { pageConversationStore } from './page-conversation.ts';

/** The replies in the saved thread the parent has not seen on the chat screen; the app's icon badge says the same. */
export function useUnreadReplies(user: User | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!user) return undefined;
    let live = true;
    void pageConversationStore()
      .read(user)
      .then(({ messages, lastSeenId }) => {
        const unread = unreadCount(messages, lastSeenId);
        if (!live) return;
        setCount(unread);
        setUnreadBadge(unread);
      })
      .catch(() => {
        // Storage unreadable: no count is better than a wrong one.
      });
    return () => {
      live = false;
    };
  }, [user]);
  return count;
}
