import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { failureText } from './failure-text.ts';

/** Spec §4: every form is editing, then submitting, then shows a success or an error. */
export type Submission<R> =
  | { status: 'editing' }
  | { status: 'submitting' }
  | { status: 'success'; result: R }
  | { status: 'error'; message: string };

interface RunOptions<R> {
  /** The screen's generic failure text: the toast, and the panel when the server said nothing. */
  failedText: string;
  onSuccess: (result: R) => void;
}

export function useSubmission<R>() {
  const [state, setState] = useState<Submission<R>>({ status: 'editing' });
  // The disabled button stops a second tap once React re-renders; this stops one that comes sooner.
  const inFlight = useRef(false);

  const run = useCallback(async (work: () => Promise<R>, { failedText, onSuccess }: RunOptions<R>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'submitting' });
    try {
      const result = await work();
      setState({ status: 'success', result });
      onSuccess(result);
    } catch (error) {
      setState({ status: 'error', message: failureText(error, failedText) });
      toast.error(failedText);
    } finally {
      inFlight.current = false;
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'editing' }), []);

  return { state, run, reset, busy: state.status === 'submitting' };
}
