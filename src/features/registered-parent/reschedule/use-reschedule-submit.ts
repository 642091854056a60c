import { useCallback } from 'react';
import { toast } from 'sonner';
import { buildEnvelope } from '../../../shared/webhook/envelope.ts';
import { readMessage } from '../../../shared/webhook/response.ts';
import { en } from '../messages.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { deliver } from '../submit/deliver.ts';
import { useSubmission } from '../submit/use-submission.ts';
import { istTodayKey, toRescheduleRequest, type DaySelection } from './date-selection.ts';

const t = en.reschedule;

/** One tap on Submit Request: check the selection, build the envelope once, deliver it. */
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
      const envelope = buildEnvelope({ ...request, user, note });
      void run(
        async () => {
          const { body } = await deliver(envelope);
          return readMessage(body) ?? t.defaultSuccess;
        },
        { failedText: t.failed, onSuccess: () => toast.success(t.submitted) },
      );
    },
    [user, run],
  );

  return { ...submission, submit };
}
