import { useCallback, useEffect, useRef, useState } from 'react';
import { env } from '../../../config/env.ts';
import { createThreadPoller } from '../../../shared/conversation/fetch-policy.ts';
import { EMPTY_CONVERSATION, type SavedConversation } from '../../../shared/conversation/store.ts';
import { mergeThread, newestReplyId } from '../../../shared/conversation/thread.ts';
import { activeLocale } from '../../../shared/i18n/catalog.ts';
import { pageOutbox } from '../../../shared/outbox/portal-outbox.ts';
import { isWebhookError } from '../../../shared/webhook/errors.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { parentText } from '../messages.ts';
import { setUnreadBadge } from './app-badge.ts';
import { fetchThread } from './conversation-api.ts';
import { pageConversationStore } from './page-conversation.ts';
import { refusalText } from './refusal-text.ts';

export interface ConversationView {
  /** The phone's record has been read: until then nothing is drawn, so nothing flickers. */
  ready: boolean;
  saved: SavedConversation;
  /** Why the last fetch brought nothing, when it was not simply a missing connection. */
  problem: string | undefined;
  /** What the live region says: the replies the last fetch brought. */
  announcement: string;
}

/**
 * The chat screen's conversation: the saved thread at once, then fetched by
 * the fetch policy (opened, visible again, online, after a send, every 30 s
 * while visible) and saved again. Everything shown here counts as seen.
 */
export function useConversation(user: User) {
  const t = parentText().conversation;
  const [view, setView] = useState<ConversationView>({
    ready: false,
    saved: EMPTY_CONVERSATION,
    problem: undefined,
    announcement: '',
  });
  const current = useRef<SavedConversation>(EMPTY_CONVERSATION);
  const inFlight = useRef(false);
  const fetchedOnce = useRef(false);

  const show = useCallback((saved: SavedConversation, changes: Partial<ConversationView> = {}) => {
    current.current = saved;
    setView((before) => ({ ...before, ...changes, ready: true, saved }));
  }, []);

  useEffect(() => {
    let live = true;
    void pageConversationStore()
      .read(user)
      .catch(() => EMPTY_CONVERSATION)
      .then((saved) => {
        if (live) show(saved);
      });
    return () => {
      live = false;
    };
  }, [user, show]);

  const fetchNew = useCallback(async () => {
    const { token, cursor } = current.current;
    if (token === undefined || inFlight.current) return;
    inFlight.current = true;
    try {
      const page = await fetchThread(token, cursor);
      const before = new Set(current.current.messages.map((message) => message.id));
      const messages = mergeThread(current.current.messages, page.messages);
      const seen = newestReplyId(messages);
      const next: SavedConversation = {
        ...current.current,
        messages,
        ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
        savedAt: Date.now(),
        ...(seen === undefined ? {} : { lastSeenId: seen }),
      };
      // Replies that came while the screen was open are announced; the thread as it opens is simply there.
      const arrived = fetchedOnce.current
        ? page.messages.filter((message) => message.from === 'staff' && !before.has(message.id))
        : [];
      fetchedOnce.current = true;
      show(next, {
        problem: undefined,
        ...(arrived.length > 0
          ? { announcement: arrived.map((m) => t.newReply(m.author ?? t.facilitator, m.text)).join('\n') }
          : {}),
      });
      setUnreadBadge(0);
      await pageConversationStore()
        .update(user, (stored) => (stored.token === token ? next : stored))
        .catch(() => {
          // The phone could not keep it: the thread is on screen now, only the next offline visit misses it.
        });
    } catch (error) {
      if (isWebhookError(error) && error.kind === 'http' && error.status === 401) {
        // The token is over (logged out elsewhere, forgotten on the server, 90 days): so is what it opened.
        await pageConversationStore()
          .clear(user)
          .catch(() => {
            // Unreadable storage keeps a token that no longer opens anything: the next fetch ends here again.
          });
        show(EMPTY_CONVERSATION, { problem: refusalText('chat_thread', error, t, activeLocale()) });
      } else if (isWebhookError(error) && error.kind === 'http') {
        setView((before) => ({ ...before, problem: refusalText('chat_thread', error, t, activeLocale()) }));
      }
      // No answer at all: offline, the saved thread and its 'Saved at' say enough.
    } finally {
      inFlight.current = false;
    }
  }, [user, show, t]);

  useEffect(() => {
    if (view.saved.token === undefined) return undefined;
    const poller = createThreadPoller(() => void fetchNew(), {
      visible: () => document.visibilityState === 'visible',
      setInterval: (run, ms) => window.setInterval(run, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    });
    const onVisibility = () => poller.visibilityChanged();
    const onOnline = () => poller.online();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    const unsubscribe = pageOutbox(env.webhookUrl).subscribe((event) => {
      if (event.type === 'OUTBOX_DELIVERED' && event.action === 'chat_facilitator') poller.sent();
    });
    poller.start();
    return () => {
      poller.stop();
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, [view.saved.token, fetchNew]);

  /** The code was right: keep the token, and the thread is fetched at once. */
  const verified = useCallback(
    async (token: string) => {
      const saved = await pageConversationStore()
        .update(user, () => ({ ...EMPTY_CONVERSATION, token }))
        .catch(() => ({ ...EMPTY_CONVERSATION, token }));
      show(saved, { problem: undefined });
    },
    [user, show],
  );

  return { view, verified };
}
