import { useEffect, useState } from 'react';
import { createThreadPoller } from '../../../shared/conversation/fetch-policy.ts';
import type { SavedConversation } from '../../../shared/conversation/store.ts';
import { unreadCount } from '../../../shared/conversation/thread.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { isPushOn, onWorkerPush } from '../../notifications/push-device.ts';
import { setUnreadBadge } from './app-badge.ts';
import { pageConversationStore } from './page-conversation.ts';
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
    let pushOn = false;
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
    const poller = createThreadPoller(
      () =>
        void refresh().catch(() => {
          // Offline or refused: the saved count stays; the chat screen says what went wrong.
        }),
      {
        visible: () => document.visibilityState === 'visible',
        pushOn: () => pushOn,
        setInterval: (run, ms) => window.setInterval(run, ms),
        clearInterval: (handle) => window.clearInterval(handle as number),
      },
    );
    const onVisibility = () => poller.visibilityChanged();
    const onOnline = () => poller.online();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    const stopHearing = onWorkerPush((message) => {
      if (message.kind !== 'reply') return;
      void pageConversationStore()
        .read(user)
        .then(showCount)
        .catch(() => undefined);
    });
    poller.start();
    void isPushOn().then((on) => {
      pushOn = on;
      poller.pushChanged();
    });
    return () => {
      live = false;
      poller.stop();
      stopHearing();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, [user]);
  return count;
}
