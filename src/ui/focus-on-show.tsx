import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Wraps what replaces a form (a success panel): the focused submit button has
 * just gone, so focus moves here and a keyboard or screen-reader user goes on
 * from the new content rather than from the top of the page.
 */
export function FocusOnShow({ children }: { children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, []);
  return (
    <div className="focus-on-show" tabIndex={-1} ref={region}>
      {children}
    </div>
  );
}
