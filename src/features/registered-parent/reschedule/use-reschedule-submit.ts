import { useCallback } from 'react';
import { toast } from 'sonner';
import type { QueuedEnvelope } from '../../../shared/outbox/types.ts';
import { buildEnvelope } from '../../../shared/webhook/envelope.ts';
import { readMessage } from '../../../shared/webhook/response.ts';
import { en } from '../messages.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { deliver } from '../submit/deliver.ts';
import { readDelivery, useSubmission } from '../submit/use-submission.ts';
import { istTodayKey, toRescheduleRequest, type DaySelection } from './date-selection.ts';

const t = en.reschedule;

/** One tap on Submit Request: check the selection, build the envelope once, deliver it (or keep it for later). */
export function useRescheduleSubmit() {
  const { user } = useSessionUser();
  const submission = useSubmission<string>();
  const { run } = submission;

  const submit = useCallback(
    (selection: DaySelection, note: string) => {
      if (!user) return;
      const request = toRescheduleRequest(selection, istTodayKey(new Date()));
      if (request === 'none' || request === 'invalid') {
        toast.error(request === 'none' ? t.noSelection : t.invalidSelection);
        return;
      }
      // One call per action, so each envelope keeps its own payload type.
      const envelope: QueuedEnvelope =
        request.action === 'reschedule_single'
          ? buildEnvelope({ action: request.action, payload: request.payload, user, note })
          : buildEnvelope({ action: request.action, payload: request.payload, user, note });
      void run(async () => readDelivery(await deliver(envelope), (body) => readMessage(body) ?? t.defaultSuccess), {
        failedText: t.failed,
        onSuccess: () => toast.success(t.submitted),
      });
    },
    [user, run],
  );

  return { ...submission, submit };
}
