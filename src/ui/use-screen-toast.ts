import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { screenToasts, type NewsTone } from './screen-toasts.ts';

/** Shows `text` as the error toast of `cause` (ui/screen-toasts.ts): it goes when the cause is resolved or the route changes. */
export function showErrorToast(cause: string, text: string): void {
  screenToasts.showError(toast, cause, text);
}

/** Shows news of the current screen: it goes when the screen does, if its time is not up before. */
export function showScreenNews(tone: NewsTone, text: string): void {
  screenToasts.showNews(toast, tone, text);
}

export interface HeldProblem<P> {
  problem: P;
  /** The toast's text, shown under the field the problem is about as well. */
  text: string;
}

/**
 * An error toast about a problem of a form, kept only while the problem
 * holds: `isFixed` is asked on every render, with what is typed now, whether
 * the problem the toast was about is gone. Returns `show(problem, text)` and
 * the problem that still holds, for the form to show under its field: a
 * toast fades, the message beside the field stays until it is fixed.
 */
export function useProblemToast<P>(cause: string, isFixed: (problem: P) => boolean) {
  const [shown, setShown] = useState<HeldProblem<P> | null>(null);
  const held = shown && !isFixed(shown.problem) ? shown : null;
  // Fixed is fixed: typing the same mistake again shows nothing until the next tap on submit.
  if (shown && !held) setShown(null);
  useEffect(() => {
    if (!held) screenToasts.resolve(cause);
  }, [held, cause]);
  const show = useCallback(
    (problem: P, text: string) => {
      setShown({ problem, text });
      showErrorToast(cause, text);
    },
    [cause],
  );
  return { show, held };
}
