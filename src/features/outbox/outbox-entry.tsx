import { useEffect, useId, useRef, useState } from 'react';
import type { OutboxEntry } from '../../shared/outbox/types.ts';
import { Button } from '../../ui/button.tsx';
import { describeEntry } from './outbox-text.ts';
import { outboxText } from './messages.ts';

interface OutboxEntryCardProps {
  entry: OutboxEntry;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

/** One saved request: what it is, when it was saved, where it stands, and what the parent can do about it. */
export function OutboxEntryCard({ entry, onRetry, onDiscard }: OutboxEntryCardProps) {
  const t = outboxText();
  const view = describeEntry(entry, t);
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const asked = useRef(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  const discardButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The safe answer takes focus, so Enter pressed twice by accident keeps the request;
    // kept, focus goes back to where the parent was.
    if (confirming) keepButton.current?.focus();
    else if (asked.current) discardButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  return (
    <li className="outbox-item" aria-labelledby={headingId}>
      <div className="outbox-item__head">
        <h3 id={headingId} className="outbox-item__kind">
          {view.kind}
        </h3>
        <span className={`outbox-item__state outbox-item__state--${entry.state}`}>{view.state}</span>
      </div>
      {view.summary.map((line, index) => (
        // The summary is rebuilt whole from the entry, so positions are stable keys.
        <p key={index} className="outbox-item__summary">
          {line}
        </p>
      ))}
      <p className="outbox-item__meta">{view.savedAt}</p>
      {view.stale && <p className="outbox-item__stale">{view.stale}</p>}
      {view.lastError && <p className="outbox-item__error">{view.lastError}</p>}
      {confirming ? (
        <div className="outbox-item__confirm" role="group" aria-labelledby={`${headingId}-question`}>
          <p id={`${headingId}-question`}>{t.discardQuestion}</p>
          <div className="outbox-item__actions">
            <button
              type="button"
              className="button button--secondary"
              ref={keepButton}
              onClick={() => setConfirming(false)}
            >
              {t.discardCancel}
            </button>
            <Button className="button--danger" onClick={() => onDiscard(entry.id)} aria-describedby={headingId}>
              {t.discardConfirm}
            </Button>
          </div>
        </div>
      ) : (
        <div className="outbox-item__actions">
          {entry.state === 'failed' && (
            <Button variant="secondary" onClick={() => onRetry(entry.id)} aria-describedby={headingId}>
              {t.retry}
            </Button>
          )}
          <button
            type="button"
            className="button button--ghost"
            ref={discardButton}
            // A request already on its way can no longer be called back.
            disabled={entry.state === 'sending'}
            onClick={() => setConfirming(true)}
            aria-describedby={headingId}
          >
            {t.discard}
          </button>
        </div>
      )}
    </li>
  );
}
