import { useEffect, useRef, type ReactNode } from 'react';
import './focus-on-show.css';

/**
 * Wraps what replaces a form (a success panel), or the form that comes back
 * after 'Send Another…' (`enabled` then): the focused button has just gone, so
 * focus moves here and a keyboard or screen-reader user goes on from the new
 * content rather than from the top of the page.
 */
export function FocusOnShow({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enabled) region.current?.focus();
    // Only on showing: a later change of `enabled` must not pull focus.
    // oxlint-disable-next-line react/exhaustive-deps
  }, []);
  return (
    <div className="focus-on-show" tabIndex={-1} ref={region}>
      {children}
    </div>
  );
}
