import { useEffect, useId, useMemo } from 'react';
import { formatIstDateTime } from '../../../shared/format/ist.ts';
import { threadItems } from './thread-items.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { useOutboxEntries } from '../../outbox/use-outbox-entries.ts';
import { ThreadList } from './thread-list.tsx';
import { useConversation } from './use-conversation.ts';
import { VerifyPhone } from './verify-phone.tsx';
import './conversation.css';
import { conversationText } from '../messages.ts';

/**
 * The chat screen's thread, above the spec's form: the parent's
 * messages, those still waiting in the outbox, and the facilitator's
 * replies. Reading replies needs a verified phone; sending never does.
 */
export function ConversationSection({
  user,
  onVerified,
}: {
  user: User | null;
  /** Told whether the phone is verified, each time that is known anew. */
  onVerified?: (verified: boolean) => void;
}) {
  const t = conversationText().thread;
  const headingId = useId();
  const { view, verified } = useConversation(user);
  const outbox = useOutboxEntries(user);
  const { token, messages, savedAt, seen } = view.saved;
  useEffect(() => {
    if (view.ready) onVerified?.(token !== undefined);
  }, [view.ready, token, onVerified]);
  const items = useMemo(() => threadItems(messages, outbox ?? []), [messages, outbox]);

  // The frame is drawn from the first paint (the prerendered page knows no parent), its height fixed, so
  // what fills it after hydration moves nothing below: the spec's form stays where it was painted.
  return (
    <section className="thread" aria-labelledby={headingId} aria-busy={!view.ready || undefined}>
      <h2 id={headingId} className="thread__title">
        {t.title}
      </h2>
      <div className="thread__body">
        {/* Present from the start, so a reply that arrives later is announced without moving focus. */}
        <p className="visually-hidden" aria-live="polite">
          {view.announcement}
        </p>
        {view.ready && (
          <>
            {items.length > 0 && <ThreadList items={items} token={token} seen={seen} />}
            {token !== undefined && items.length === 0 && <p className="thread__empty">{t.empty}</p>}
            {token !== undefined && savedAt !== undefined && (
              <p className="thread__saved">{t.savedAt(formatIstDateTime(new Date(savedAt)))}</p>
            )}
            {view.problem && (
              <p className="thread__problem" role="alert">
                {view.problem}
              </p>
            )}
          </>
        )}
        {/*
          Until the record is read (in the prerendered page too) the verification is drawn, and the page's head script
          has already had CSS hide it for a parent marked verified (src/shared/conversation/verified-mark.ts): most
          parents see their block from the first paint, and the same element stays when the record confirms it.
        */}
        {token === undefined && <VerifyPhone user={user} pending={!view.ready} onVerified={verified} />}
      </div>
    </section>
  );
}
