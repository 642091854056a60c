import { useCallback, useEffect, useMemo, useState } from 'react';
import { env } from '../../config/env.ts';
import { toIstIso } from '../../shared/format/ist.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { pageOutbox } from '../../shared/outbox/portal-outbox.ts';
import type { OutboxState } from '../../shared/outbox/types.ts';
import { readAnsweredRequest } from '../../shared/schedule/requests.ts';
import { failureText } from '../../shared/webhook/errors.ts';
import { newRequestId } from '../../shared/webhook/request-id.ts';
import type { ParentRequest, RequestsRequests } from '../../shared/webhook/requests.ts';
import { readMessage } from '../../shared/webhook/response.ts';
import { uiText } from '../../ui/messages.ts';
import { showErrorToast, showScreenNews } from '../../ui/use-screen-toast.ts';
import { useOutboxEntries } from '../outbox/use-outbox-entries.ts';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { requestsText } from './messages.ts';

/**
 * Accepting an offered time: like any request, stored in the outbox before it
 * goes out (write-ahead) and sent by its one sender, so it is sent once
 * however often it is tried. Where each acceptance stands comes from the
 * outbox itself, so the Accept button stays gone while one is held, on this
 * screen and after a reload. `onAnswered` hears the request as the webhook's
 * answer has it now (confirmed), whoever sent it: this page or the worker.
 */
export function useAcceptOffer(onAnswered: (request: ParentRequest) => void) {
  const t = requestsText();
  const { user } = useSessionUser();
  const entries = useOutboxEntries(user);
  // Tapped on this visit and not yet listed by the outbox: no second tap in between.
  const [tapped, setTapped] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(
    () =>
      pageOutbox(env.webhookUrl).subscribe((event) => {
        if (event.type !== 'OUTBOX_DELIVERED' || event.action !== 'accept_offer') return;
        const request = readAnsweredRequest(event.response.body);
        if (request) onAnswered(request);
      }),
    [onAnswered],
  );

  const accepting = useMemo(() => {
    const states = new Map<string, OutboxState>([...tapped].map((id) => [id, 'sending']));
    for (const { envelope, state } of entries ?? []) {
      if (envelope.action === 'accept_offer') states.set(envelope.payload.request_id, state);
    }
    return states;
  }, [entries, tapped]);

  const accept = useCallback(
    async (requestId: string, offerId: string) => {
      if (!user || accepting.has(requestId)) return;
      setTapped((ids) => new Set(ids).add(requestId));
      const envelope: RequestsRequests['accept_offer'] = {
        action: 'accept_offer',
        user: { name: user.name.trim(), number: user.number.trim() },
        payload: { request_id: requestId, offer_id: offerId },
        timestamp_ist: toIstIso(new Date()),
        request_id: newRequestId(),
        language: activeLocale(),
      };
      try {
        const outcome = await pageOutbox(env.webhookUrl).submit(envelope);
        if (outcome.status === 'sent') {
          const answered = readAnsweredRequest(outcome.body);
          if (answered) onAnswered(answered);
          showScreenNews('success', readMessage(outcome.body) ?? t.accepted);
        } else {
          showScreenNews('info', uiText().saved.toast);
        }
      } catch (error) {
        // Refused (a withdrawn or stale offer) or not stored: nothing is held, the offer stays on the card.
        showErrorToast('accept-offer', failureText(error, t.acceptFailed));
      } finally {
        setTapped((ids) => {
          const left = new Set(ids);
          left.delete(requestId);
          return left;
        });
      }
    },
    [user, accepting, onAnswered, t],
  );

  return { accepting, accept };
}
