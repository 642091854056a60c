import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FocusOnShow } from '../../../ui/focus-on-show.tsx';
import { en } from '../messages.ts';
import '../outbox/outbox.css';

const t = en.saved;

interface SavedPanelProps {
  /** What was saved, in the screen's words. */
  text: string;
  /** The screen's "start again" button. */
  children: ReactNode;
}

/** Replaces the form, as 'Success!' would, when the request is kept on this phone for the outbox to send. */
export function SavedPanel({ text, children }: SavedPanelProps) {
  return (
    <FocusOnShow>
      <div className="panel panel--saved" role="status">
        <h2 className="panel__title">{t.title}</h2>
        <p className="panel__message">{text}</p>
        <Link to={paths.outbox} className="panel__link">
          {t.seeWaiting}
        </Link>
        {children}
      </div>
    </FocusOnShow>
  );
}
