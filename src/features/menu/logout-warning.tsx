import { useEffect, useId, useRef } from 'react';
import '../../ui/button.css';
import '../../ui/panel.css';
import { menuText } from './messages.ts';

interface LogoutWarningProps {
  waiting: number;
  onLogOut: () => void;
  onStay: () => void;
}

/**
 * Asked before logging out while requests of this parent wait to be sent:
 * they will still go, and the parent should know. Inline rather than
 * window.confirm, so it reads, looks and works by keyboard like the rest.
 */
export function LogoutWarning({ waiting, onLogOut, onStay }: LogoutWarningProps) {
  const t = menuText();
  const titleId = useId();
  const textId = useId();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Staying is the safe answer, so it takes focus.
    stay.current?.focus();
  }, []);
  return (
    <div className="panel panel--saved" role="alertdialog" aria-labelledby={titleId} aria-describedby={textId}>
      <h2 id={titleId} className="panel__title">
        {t.logoutWarningTitle}
      </h2>
      <p id={textId} className="panel__message">
        {t.logoutWarning(waiting)}
      </p>
      <div className="actions">
        <button type="button" className="button button--primary button--block" ref={stay} onClick={onStay}>
          {t.stay}
        </button>
        <button type="button" className="button button--secondary button--block" onClick={onLogOut}>
          {t.logoutAnyway}
        </button>
      </div>
    </div>
  );
}
