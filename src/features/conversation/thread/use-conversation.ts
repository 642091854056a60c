import { useCallback, useEffect, useRef, useState } from 'react';
import { env } from '../../../config/env.ts';
import { EMPTY_CONVERSATION, type SavedConversation } from '../../../shared/conversation/store.ts';
import { pageOutbox } from '../../../shared/outbox/portal-outbox.ts';
import { isWebhookError } from '../../../shared/webhook/errors.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { onWorkerPush } from '../../notifications/push-device.ts';
import { setUnreadBadge } from './app-badge.ts';
import { startPagePoller } from './page-poller.ts';
import { openSavedThread, refreshThread } from './refresh-thread.ts';
import { pageConversationStore } from './page-conversation.ts';
import { refusalText } from './refusal-text.ts';
import { reportRead } from './report-read.ts';
import { conversationText } from '../messages.ts';

export interface ConversationView {
  /** The phone's record has been read: until then the screen shows what the first paint showed. */
  ready: boolean;
  saved: SavedConversation;
  /** Why the last fetch brought nothing, when it was not simply a missing connection. */
  problem: string | undefined;
  /** What the live region says: the replies the last fetch brought. */
  announcement: string;
}

/**
 * The chat screen's conversation: the saved thread at once, then fetched by
 * the fetch policy (opened, visible again, online, after a send, on a push,
 * and every 30 s while visible unless push is on) and saved again. Everything shown here counts as seen,
 * and is reported read to the programme when the parent sends read receipts (report-read.ts).
 */
export function useConversation(user: User | null) {
  const t = conversationText().thread;
  const [view, setView] = useState<ConversationView>({
    ready: false,
    saved: EMPTY_CONVERSATION,
    problem: undefined,
    announcement: '',
  });
  const current = useRef<SavedConversation>(EMPTY_CONVERSATION);
  const inFlight = useRef(false);
  const askedAgain = useRef(false);
  const fetchedOnce = useRef(false);

  const show = useCallback((saved: SavedConversation, changes: Partial<ConversationView> = {}) => {
    current.current = saved;
    setView((before) => ({ ...before, ...changes, ready: true, saved }));
  }, []);

  useEffect(() => {
    // The prerendered page, and hydration, know no parent: their record is read once the session is.
    if (!user) return undefined;
    let live = true;
    void openSavedThread(user)
      .catch(() => EMPTY_CONVERSATION)
      .then((saved) => {
        if (!live) return;
        show(saved);
        setUnreadBadge(0);
      });
    return () => {
      live = false;
    };
  }, [user, show]);

  /** One fetch: what is new, saved, shown, and its replies announced. */
  const fetchOnce = useCallback(async () => {
    if (!user) return;
    try {
      const { saved, arrived } = await refreshThread(user, current.current, true);
      // Replies that came while the screen was open are announced; the thread as it opens is simply there.
      const replies = fetchedOnce.current ? arrived.filter((message) => message.from === 'staff') : [];
      fetchedOnce.current = true;
      show(saved, {
        problem: undefined,
        ...(replies.length > 0
          ? { announcement: replies.map((m) => t.newReply(m.author ?? t.facilitator, m.text)).join('\n') }
          : {}),
      });
      setUnreadBadge(0);
    } catch (error) {
      if (isWebhookError(error) && error.kind === 'http') {
        const problem = refusalText('chat_thread', error, t);
        // A 401: the token is over (logged out elsewhere, forgotten on the server, 90 days), and so is its thread.
        if (error.status === 401) show(EMPTY_CONVERSATION, { problem });
        else setView((before) => ({ ...before, problem }));
      }
      // No answer at all: offline, the saved thread and its 'Saved at' say enough.
    }
  }, [user, show, t]);

  const fetchNew = useCallback(async () => {
    if (current.current.token === undefined) return;
    // Asked while a fetch is out (a send delivered just after coming online): once more when it is back,
    // or the message just delivered would wait for the next 30 s.
    if (inFlight.current) {
      askedAgain.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        askedAgain.current = false;
        await fetchOnce();
      } while (askedAgain.current && current.current.token !== undefined);
    } finally {
      inFlight.current = false;
    }
  }, [fetchOnce]);

  useEffect(() => {
    if (view.saved.token === undefined) return undefined;
    const { poller, stop } = startPagePoller(() => void fetchNew());
    const unsubscribe = pageOutbox(env.webhookUrl).subscribe((event) => {
      if (event.type === 'OUTBOX_DELIVERED' && event.action === 'chat_facilitator') poller.sent();
    });
    const stopHearing = onWorkerPush((message) => {
      if (message.kind === 'reply') poller.pushed();
    });
    return () => {
      stop();
      unsubscribe();
      stopHearing();
    };
  }, [view.saved.token, fetchNew]);

  useEffect(() => {
    if (user && view.ready) void reportRead(user, view.saved);
  }, [user, view.ready, view.saved]);

  /** The code was right: keep the token, and the thread is fetched at once. */
  const verified = useCallback(
    async (token: string) => {
      if (!user) return;
      const saved = await pageConversationStore()
        .update(user, () => ({ ...EMPTY_CONVERSATION, token }))
        .catch(() => ({ ...EMPTY_CONVERSATION, token }));
      show(saved, { problem: undefined });
    },
    [user, show],
  );

  return { view, verified };
}
