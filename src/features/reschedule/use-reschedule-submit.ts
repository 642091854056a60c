import { useCallback } from 'react';
import { env } from '../../config/env.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { pageOutbox } from '../../shared/outbox/portal-outbox.ts';
import type { QueuedEnvelope } from '../../shared/outbox/types.ts';
import { buildEnvelope } from '../../shared/webhook/envelope.ts';
import { readMessage } from '../../shared/webhook/response.ts';
import { useProblemToast } from '../../ui/use-screen-toast.ts';
import { useSubmission } from '../../ui/use-submission.ts';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { istTodayKey, toRescheduleRequest, type DaySelection, type SelectionProblem } from './date-selection.ts';
import { rescheduleText } from './messages.ts';

const readAnswer = (body: unknown) => readMessage(body) ?? rescheduleText().defaultSuccess;

/**
 * One tap on Submit Request: check the selection, build the envelope once, hand it to the outbox. `picked` is the
 * calendar's selection now: a toast about it goes once a usable one is picked.
 */
export function useRescheduleSubmit(picked: DaySelection) {
  const t = rescheduleText();
  const { user } = useSessionUser();
  const submission = useSubmission(readAnswer, { failed: t.failed, sent: t.submitted });
  const { run } = submission;
  const { show: showProblem, held } = useProblemToast<SelectionProblem>(
    'reschedule-selection',
    (problem) => toRescheduleRequest(picked, istTodayKey(new Date())) !== problem,
  );

  const submit = useCallback(
    (selection: DaySelection, note: string) => {
      if (!user) return;
      const request = toRescheduleRequest(selection, istTodayKey(new Date()));
      if (request === 'none' || request === 'invalid') {
        showProblem(request, request === 'none' ? t.noSelection : t.invalidSelection);
        return;
      }
      const language = activeLocale();
      // One call per action, so each envelope keeps its own payload type.
      const envelope: QueuedEnvelope =
        request.action === 'reschedule_single'
          ? buildEnvelope({ action: request.action, payload: request.payload, user, note, language })
          : buildEnvelope({ action: request.action, payload: request.payload, user, note, language });
      void run(() => pageOutbox(env.webhookUrl).submit(envelope));
    },
    [user, run, t, showProblem],
  );

  return { ...submission, submit, selectionError: held?.text };
}
