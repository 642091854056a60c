import { useId, useRef, useState } from 'react';
import { env } from '../../config/env.ts';
import { pageOutbox } from '../../shared/outbox/portal-outbox.ts';
import type { OutboxEntry } from '../../shared/outbox/types.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { OutboxEntryCard } from './outbox-entry.tsx';
import { announceChanges } from './outbox-text.ts';
import { useOutboxEntries } from './use-outbox-entries.ts';
import './outbox.css';
import '../../ui/focus-on-show.css';
import '../../ui/lists.css';
import { BackToMenu } from '../../ui/back-to-menu.tsx';
import { outboxText } from './messages.ts';

/** The parent's saved requests, oldest first, each with where it stands; 'Send Now', Retry and Discard. */
export function OutboxPage() {
  const t = outboxText();
  const { user } = useSessionUser();
  const entries = useOutboxEntries(user);
  const [seen, setSeen] = useState<OutboxEntry[]>();
  const [announcement, setAnnouncement] = useState('');
  const [discarded, setDiscarded] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState(false);
  const listHeadingId = useId();
  const content = useRef<HTMLDivElement>(null);

  // Changes come from this screen, the timer, other tabs and the worker alike: announce them as they land.
  if (entries !== seen) {
    setSeen(entries);
    const said = seen && entries ? announceChanges(seen, entries, discarded, t) : undefined;
    if (said) setAnnouncement(said);
  }

  const sendNow = async () => {
    setSending(true);
    try {
      await pageOutbox(env.webhookUrl).drain();
    } catch {
      setAnnouncement(t.notSentYet);
    } finally {
      setSending(false);
    }
  };

  const retry = (id: string) => {
    pageOutbox(env.webhookUrl)
      .retry(id)
      .catch(() => setAnnouncement(t.notSentYet));
  };

  const discard = (id: string) => {
    setDiscarded((ids) => new Set(ids).add(id));
    // The focused button goes with its item: focus moves to the list, where the parent goes on.
    content.current?.focus();
    pageOutbox(env.webhookUrl)
      .discard(id)
      .catch(() => undefined);
  };

  const waiting = entries?.some((entry) => entry.state !== 'failed') ?? false;

  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className="outbox-content focus-on-show" tabIndex={-1} ref={content}>
        {entries?.length === 0 && <p className="empty-state">{t.empty}</p>}
        {waiting && (
          <Button busy={sending} onClick={() => void sendNow()} className="button--block">
            {t.sendNow}
          </Button>
        )}
        {entries && entries.length > 0 && (
          <section className="outbox-section" aria-labelledby={listHeadingId}>
            <h2 id={listHeadingId} className="visually-hidden">
              {t.listLabel}
            </h2>
            <ul className="stack-list" aria-labelledby={listHeadingId}>
              {entries.map((entry) => (
                <OutboxEntryCard key={entry.id} entry={entry} onRetry={retry} onDiscard={discard} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </Page>
  );
}
