import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SavedPanel } from '../../ui/saved-panel.tsx';
import { outboxText } from './messages.ts';

/** The saved panel of a parent's screen, which also leads to what waits to send. */
export function ParentSavedPanel({ text, children }: { text: string; children: ReactNode }) {
  return (
    <SavedPanel text={text}>
      <Link to={paths.outbox} className="panel__link">
        {outboxText().seeWaiting}
      </Link>
      {children}
    </SavedPanel>
  );
}
