import type { ReactNode } from 'react';
import { FocusOnShow } from './focus-on-show.tsx';
import { uiText } from './messages.ts';
import './panel.css';

interface SavedPanelProps {
  /** What was saved, in the screen's words. */
  text: string;
  /** The screen's "start again" button, and where to see what waits. */
  children: ReactNode;
}

/** Replaces the form, as 'Success!' would, when the request is kept on this phone for the outbox to send. */
export function SavedPanel({ text, children }: SavedPanelProps) {
  return (
    <FocusOnShow>
      <div className="panel panel--saved" role="status">
        <h2 className="panel__title">{uiText().saved.title}</h2>
        <p className="panel__message">{text}</p>
        {children}
      </div>
    </FocusOnShow>
  );
}
