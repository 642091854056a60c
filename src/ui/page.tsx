import { useEffect, useRef, type ReactNode } from 'react';
import { NAMED_TITLE_ATTRIBUTE } from '../shared/session/session-user.ts';
import { focusOnceAnswering } from './answer-input.ts';
import './page.css';

interface PageProps {
  title: string;
  /** The title with NAME_SLOT for the parent's name: the page's first paint shows it with the name (see NAMED_TITLE_ATTRIBUTE). */
  namedTitle?: string | undefined;
  subtitle?: string | undefined;
  /** Navigation shown above the heading (Back, Home). */
  nav?: ReactNode;
  children?: ReactNode;
}

/**
 * One screen: its h1 takes focus when the screen opens, so a screen-reader
 * user hears where a navigation led.
 */
export function Page({ title, namedTitle, subtitle, nav, children }: PageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusOnceAnswering(heading.current), []);
  return (
    <section className="page">
      {nav && (
        <div className="page__nav" data-toasts-below="">
          {nav}
        </div>
      )}
      <header className="page__header">
        <h1 className="page__title" tabIndex={-1} ref={heading} {...{ [NAMED_TITLE_ATTRIBUTE]: namedTitle }}>
          {title}
        </h1>
        {subtitle && <p className="page__subtitle">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
