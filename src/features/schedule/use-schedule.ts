import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { screenToasts } from '../../ui/screen-toasts.ts';
import { showErrorToast, showScreenNews } from '../../ui/use-screen-toast.ts';
import { env } from '../../config/env.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import type { CachedSchedule } from '../../shared/schedule/cache.ts';
import { readScheduleChanges } from '../../shared/schedule/changes.ts';
import { parseSchedule } from '../../shared/schedule/parser.ts';
import { readParentRequests, withRequest } from '../../shared/schedule/requests.ts';
import { sendToWebhook } from '../../shared/webhook/client.ts';
import type { ParentRequest } from '../../shared/webhook/requests.ts';
import type { User } from '../../shared/webhook/types.ts';
import { buildEnvelope } from '../../shared/webhook/envelope.ts';
import { failureText, isWebhookError } from '../../shared/webhook/errors.ts';
import { readScheduleText } from '../../shared/webhook/response.ts';
import { EMPTY_CONVERSATION } from '../../shared/conversation/store.ts';
import { pageConversationStore } from '../conversation/thread/page-conversation.ts';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { pageScheduleCache } from './page-schedule-cache.ts';
import { INITIAL_SCHEDULE_VIEW, isQuietFailure, nextScheduleView } from './schedule-view.ts';
import { scheduleText } from './messages.ts';

/**
 * The parent's requests with their outcomes, asked beside the schedule; undefined when the webhook gives no
 * list (one that does not know the action, no connection): the saved ones then stay.
 */
async function askRequests(user: User, token: string | undefined): Promise<ParentRequest[] | undefined> {
  try {
    const { body } = await sendToWebhook(
      {
        action: 'list_requests',
        user: { name: user.name.trim(), number: user.number.trim() },
        language: activeLocale(),
      },
      { url: env.webhookUrl, ...(token === undefined ? {} : { bearer: token }) },
    );
    return readParentRequests(body);
  } catch {
    return undefined;
  }
}

/** The schedule screen's data: the saved copy at once, then each fetch, saved for next time. */
export function useSchedule() {
  const t = scheduleText();
  const { user } = useSessionUser();
  const [view, dispatch] = useReducer(nextScheduleView, INITIAL_SCHEDULE_VIEW);
  const inFlight = useRef(false);
  // Which fetch is the latest: only its requests are shown and kept.
  const fetches = useRef(0);
  // REQUIRE_CODE_AT_SIGN_IN=1 on the webhook: know_schedule answers 401 until this phone is verified.
  const [needsCode, setNeedsCode] = useState(false);
  // What is on screen when a fetch fails decides whether the failure is worth a toast.
  const current = useRef(view);
  useEffect(() => {
    current.current = view;
  }, [view]);

  useEffect(() => {
    if (!user) return undefined;
    let live = true;
    void pageScheduleCache()
      .read(user)
      .then((saved) => {
        if (live && saved) dispatch({ type: 'saved-read', saved });
      });
    return () => {
      live = false;
    };
  }, [user, t]);

  const fetchSchedule = useCallback(async () => {
    if (!user || inFlight.current) return;
    inFlight.current = true;
    const thisFetch = ++fetches.current;
    dispatch({ type: 'fetch-started' });
    let fetched:
      | { saved: CachedSchedule; schedule: boolean; requestsAsked: Promise<ParentRequest[] | undefined> }
      | undefined;
    try {
      const envelope = buildEnvelope({ action: 'know_schedule', user, payload: {}, language: activeLocale() });
      // A verified phone shows its token, which a webhook that asks for a code at sign-in needs.
      const { token } = await pageConversationStore()
        .read(user)
        .catch(() => EMPTY_CONVERSATION);
      const requestsAsked = askRequests(user, token);
      const { body } = await sendToWebhook(envelope, {
        url: env.webhookUrl,
        ...(token === undefined ? {} : { bearer: token }),
      });
      setNeedsCode(false);
      const text = readScheduleText(body);
      const entries = parseSchedule(text);
      const changes = readScheduleChanges(body);
      const fetchedAt = Date.now();
      dispatch({ type: 'fetched', entries, fetchedAt, changes });
      screenToasts.resolve('schedule');
      const kept = current.current.requests;
      fetched = {
        saved: { entries, text: text ?? '', fetchedAt, changes, ...(kept && { requests: kept }) },
        schedule: text !== undefined,
        requestsAsked,
      };
    } catch (error) {
      const noAnswer = isWebhookError(error) && error.kind !== 'http';
      if (isWebhookError(error) && error.status === 401) setNeedsCode(true);
      dispatch({ type: 'fetch-failed', message: failureText(error, t.failed), noAnswer });
      if (!isQuietFailure(noAnswer, current.current)) showErrorToast('schedule', t.failed);
    } finally {
      // The list is on screen and Refresh is enabled again: a tap from now on is a new fetch.
      inFlight.current = false;
    }
    if (!fetched) return;
    // Saved at once, with the requests kept so far, and only then announced: a parent who leaves as the toast
    // comes finds it offline, however long the requests asked beside it take.
    await pageScheduleCache()
      .save(user, fetched.saved)
      .catch(() => {
        // The phone could not keep it: the answer is on screen now, only the next offline visit misses it.
      });
    showScreenNews(fetched.schedule ? 'success' : 'info', fetched.schedule ? t.retrieved : t.noData);
    const requests = await fetched.requestsAsked;
    // A newer fetch's requests are the ones to keep.
    if (requests === undefined || thisFetch !== fetches.current) return;
    await pageScheduleCache()
      .keepRequests(user, requests)
      .catch(() => {
        // Shown all the same; the next fetch brings them again.
      });
    dispatch({ type: 'requests-fetched', requests });
  }, [user, t]);

  /** The code was right: keep the token, and ask again with it. */
  const verified = useCallback(
    async (token: string) => {
      if (!user) return;
      await pageConversationStore()
        .update(user, (saved) => ({ ...saved, token }))
        .catch(() => EMPTY_CONVERSATION);
      setNeedsCode(false);
      await fetchSchedule();
    },
    [user, fetchSchedule],
  );

  /** An accept_offer answer: the request as it stands now, on screen and in the saved copy. */
  const answered = useCallback(
    (request: ParentRequest) => {
      dispatch({ type: 'request-answered', request });
      const kept = current.current.requests;
      if (!user || !kept) return;
      pageScheduleCache()
        .keepRequests(user, withRequest(kept, request))
        .catch(() => {
          // Shown now; the next fetch brings it again.
        });
    },
    [user],
  );

  return { view, fetchSchedule, needsCode, verified, answered };
}
