import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { en } from '../messages.ts';
import type { Delivery } from './deliver-in-order.ts';
import { failureText, storageFailureText } from './failure-text.ts';

/**
 * Spec §4: every form is editing, then submitting, then shows a success or an
 * error; 'queued' is a success of another kind, the request kept on this phone
 * for the outbox to send.
 */
export type Submission<R> =
  | { status: 'editing' }
  | { status: 'submitting' }
  | { status: 'success'; result: R }
  | { status: 'queued' }
  | { status: 'error'; message: string };

/** What a screen's work returns: the answer read into what it shows, or the request kept for later. */
export type Outcome<R> = { status: 'sent'; result: R } | { status: 'queued' };

interface RunOptions<R> {
  /** The screen's generic failure text: the toast, and the panel when the server said nothing. */
  failedText: string;
  onSuccess: (result: R) => void;
  /** Sent or saved, the form is done with: this resets it. */
  onDone?: () => void;
}

/** Reads a delivery's answer only when there is one. */
export function readDelivery<R>(delivery: Delivery, read: (body: unknown) => R): Outcome<R> {
  return delivery.status === 'sent' ? { status: 'sent', result: read(delivery.response.body) } : delivery;
}

export function useSubmission<R>() {
  const [state, setState] = useState<Submission<R>>({ status: 'editing' });
  // The disabled button stops a second tap once React re-renders; this stops one that comes sooner.
  const inFlight = useRef(false);

  const run = useCallback(async (work: () => Promise<Outcome<R>>, { failedText, onSuccess, onDone }: RunOptions<R>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'submitting' });
    try {
      const outcome = await work();
      if (outcome.status === 'sent') {
        setState({ status: 'success', result: outcome.result });
        onSuccess(outcome.result);
      } else {
        setState({ status: 'queued' });
        toast.info(en.saved.toast);
      }
      onDone?.();
    } catch (error) {
      const message = storageFailureText(error, en.saved) ?? failureText(error, failedText);
      setState({ status: 'error', message });
      toast.error(failedText);
    } finally {
      inFlight.current = false;
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'editing' }), []);

  return { state, run, reset, busy: state.status === 'submitting' };
}
