import type { ReactNode } from 'react';
import { uiText } from './messages.ts';
import './panel.css';

interface PanelProps {
  title?: string;
  /** Server text: rendered as text, never as HTML. */
  message?: string | undefined;
  children?: ReactNode;
}

/** The spec's error box: announced at once to screen readers. */
export function ErrorPanel({ title = uiText().errorTitle, message, children }: PanelProps) {
  return (
    <div className="panel panel--error" role="alert">
      <h2 className="panel__title">{title}</h2>
      {message && <p className="panel__message">{message}</p>}
      {children}
    </div>
  );
}

/** The spec's success panel, which replaces the form. */
export function SuccessPanel({ title = uiText().successTitle, message, children }: PanelProps) {
  return (
    <div className="panel panel--success" role="status">
      <h2 className="panel__title">{title}</h2>
      {message && <p className="panel__message">{message}</p>}
      {children}
    </div>
  );
}
