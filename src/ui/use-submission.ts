import { useCallback, useRef, useState } from 'react';
import { OutboxStorageError } from '../shared/outbox/errors.ts';
import type { SubmitResult } from '../shared/outbox/outbox.ts';
import { failureText } from '../shared/webhook/errors.ts';
import { screenToasts } from './screen-toasts.ts';
import { uiText } from './messages.ts';
import { showErrorToast, showScreenNews } from './use-screen-toast.ts';

/**
 * The spec: every form is editing, then submitting, then shows a success or an
 * error; 'queued' is a success of another kind, the request kept on this
 * phone for the outbox to send. The one lifecycle of every form.
 */
export type Submission<R> =
  | { status: 'editing' }
  | { status: 'submitting' }
  | { status: 'success'; result: R }
  | { status: 'queued' }
  | { status: 'error'; message: string };

export interface SubmissionTexts {
  /** The screen's generic failure text: the toast, and the panel when the server said nothing. */
  failed: string;
  /** The toast once the server has accepted it. */
  sent: string;
}

function storageFailureText(error: unknown): string | undefined {
  if (!(error instanceof OutboxStorageError)) return undefined;
  return error.reason === 'quota' ? uiText().saved.storageFull : uiText().saved.storageUnavailable;
}

/** `read` turns the answer's body into what the success panel shows. */
export function useSubmission<R>(read: (body: unknown) => R, texts: SubmissionTexts) {
  const [state, setState] = useState<Submission<R>>({ status: 'editing' });
  // The busy button stops a second tap once React re-renders; this stops one that comes sooner.
  const inFlight = useRef(false);
  const { failed, sent } = texts;

  /**
   * Sent or saved, the form is done with: `onDone` resets it (and what it keeps on the phone, which must not
   * reject), before the outcome is shown. A refusal keeps it as typed.
   */
  const run = useCallback(
    async (work: () => Promise<SubmitResult>, onDone?: () => void | Promise<void>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setState({ status: 'submitting' });
      try {
        const outcome = await work();
        await onDone?.();
        // The form is done with: no error toast of this screen is true any more.
        screenToasts.resolveAll();
        if (outcome.status === 'sent') {
          setState({ status: 'success', result: read(outcome.body) });
          showScreenNews('success', sent);
        } else {
          setState({ status: 'queued' });
          showScreenNews('info', uiText().saved.toast);
        }
      } catch (error) {
        setState({ status: 'error', message: storageFailureText(error) ?? failureText(error, failed) });
        showErrorToast('request', failed);
      } finally {
        inFlight.current = false;
      }
    },
    [read, failed, sent],
  );

  const reset = useCallback(() => setState({ status: 'editing' }), []);

  return { state, run, reset, busy: state.status === 'submitting' };
}
