import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { errorToasts } from './error-toasts.ts';

/** Shows `text` as the error toast of `cause` (ui/error-toasts.ts): it goes when the cause is resolved or the route changes. */
export function showErrorToast(cause: string, text: string): void {
  errorToasts.show(toast, cause, text);
}

/**
 * An error toast about a problem of a form, kept only while the problem
 * holds: `isFixed` is asked on every render, with what is typed now, whether
 * the problem the toast was about is gone. Returns `show(problem, text)`.
 */
export function useProblemToast<P>(cause: string, isFixed: (problem: P) => boolean) {
  const shown = useRef<{ problem: P } | null>(null);
  useEffect(() => {
    if (shown.current && isFixed(shown.current.problem)) {
      shown.current = null;
      errorToasts.resolve(cause);
    }
  });
  return useCallback(
    (problem: P, text: string) => {
      shown.current = { problem };
      showErrorToast(cause, text);
    },
    [cause],
  );
}
