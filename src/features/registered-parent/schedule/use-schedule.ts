import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { env } from '../../../config/env.ts';
import { parseSchedule, type ScheduleEntry } from '../../../shared/schedule/parser.ts';
import { sendToWebhook } from '../../../shared/webhook/client.ts';
import { buildEnvelope } from '../../../shared/webhook/envelope.ts';
import { readScheduleText } from '../../../shared/webhook/response.ts';
import { en } from '../messages.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { failureText } from '../submit/failure-text.ts';

const t = en.schedule;

/** Spec §4: initial, loading, then loaded (a list, maybe empty) or an error. */
export type ScheduleState =
  | { status: 'initial' }
  | { status: 'loading' }
  | { status: 'loaded'; entries: ScheduleEntry[] }
  | { status: 'error'; message: string };

export function useSchedule() {
  const { user } = useSessionUser();
  const [state, setState] = useState<ScheduleState>({ status: 'initial' });
  const [loadedBefore, setLoadedBefore] = useState(false);
  const inFlight = useRef(false);

  const fetchSchedule = useCallback(async () => {
    if (!user || inFlight.current) return;
    inFlight.current = true;
    // Each fetch starts clean: the previous list or error is gone while the new answer is awaited.
    setState({ status: 'loading' });
    try {
      const envelope = buildEnvelope({ action: 'know_schedule', user, payload: {} });
      const { body } = await sendToWebhook(envelope, { url: env.webhookUrl });
      const text = readScheduleText(body);
      setState({ status: 'loaded', entries: parseSchedule(text) });
      setLoadedBefore(true);
      if (text === undefined) toast.info(t.noData);
      else toast.success(t.retrieved);
    } catch (error) {
      setState({ status: 'error', message: failureText(error, t.failed) });
      toast.error(t.failed);
    } finally {
      inFlight.current = false;
    }
  }, [user]);

  return { state, loadedBefore, fetchSchedule };
}
