import { useEffect, useState } from 'react';
import type { SavedConversation } from '../../../shared/conversation/store.ts';
import { unreadCount } from '../../../shared/conversation/thread.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { onWorkerPush } from '../../notifications/push-device.ts';
import { setUnreadBadge } from './app-badge.ts';
import { pageConversationStore } from './page-conversation.ts';
import { startPagePoller } from './page-poller.ts';
import { refreshThread } from './refresh-thread.ts';

/**
 * The replies the parent has not seen on the chat screen: the saved thread's
 * at once, then kept current while the menu is open, by the chat's fetch
 * policy (on open, foreground, back online, every 30 s unless push is on) and
 * at once when the worker tells of a push (it has saved the reply already).
 * The app's icon badge says the same.
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
    const refresh = async () => {
      const saved = await pageConversationStore().read(user);
      showCount(saved);
      if (saved.token !== undefined) showCount((await refreshThread(user, saved, false)).saved);
    };
    const { stop } = startPagePoller(
      () =>
        void refresh().catch(() => {
          // Offline or refused: the saved count stays; the chat screen says what went wrong.
        }),
    );
    const stopHearing = onWorkerPush((message) => {
      if (message.kind !== 'reply') return;
      void pageConversationStore()
        .read(user)
        .then(showCount)
        .catch(() => undefined);
    });
    return () => {
      live = false;
      stop();
      stopHearing();
    };
  }, [user]);
  return count;
}
