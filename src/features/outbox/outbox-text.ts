/**
 * Everything the outbox screen says: each saved request described in the
 * parent's words, and what its live region announces when the list changes.
 */
import type { OutboxEntry, OutboxItem } from '../../shared/outbox/types.ts';
import { formatDayKey, formatIstDateTime } from '../../shared/format/ist.ts';
import type { WebhookErrorJson } from '../../shared/webhook/errors.ts';
import { type OutboxMessages } from './messages.ts';

type Texts = OutboxMessages;

/** Long enough to recognise a message, short enough for one or two lines on a phone. */
export const SUMMARY_MAX_CHARS = 80;

export interface EntryView {
  kind: string;
  /** One to three short lines: what was asked. */
  summary: string[];
  savedAt: string;
  state: string;
  stale: string | undefined;
  lastError: string | undefined;
}

export function shorten(text: string, max: number = SUMMARY_MAX_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1).trimEnd()}…`;
}

function summarise({ envelope }: OutboxEntry, t: Texts): string[] {
  switch (envelope.action) {
    case 'reschedule_single':
    case 'reschedule_range': {
      const dates =
        envelope.action === 'reschedule_single'
          ? t.date(formatDayKey(envelope.payload.date))
          : t.range(formatDayKey(envelope.payload.start_date), formatDayKey(envelope.payload.end_date));
      return envelope.note ? [dates, t.note(shorten(envelope.note))] : [dates];
    }
    case 'chat_facilitator': {
      const files = envelope.payload.attachments.length;
      return files > 0 ? [shorten(envelope.payload.message), t.files(files)] : [shorten(envelope.payload.message)];
    }
    case 'book_consult':
    case 'schedule_call': {
      const lines = envelope.preferred_times ? [t.preferred(shorten(envelope.preferred_times))] : [];
      return envelope.message ? [...lines, shorten(envelope.message)] : lines;
    }
    case 'accept_offer':
    case 'mark_announcement_seen':
    case 'mark_read':
      // The kind says it all: the time itself is on the schedule screen's card, the update in its list, the
      // replies in the chat.
      return [];
  }
}

/** The server's own words for a refusal; plain words for no answer at all. */
export function errorText(error: WebhookErrorJson, t: Texts): string {
  if (error.kind === 'network') return t.noConnection;
  if (error.kind === 'timeout') return t.noAnswer;
  return error.message;
}

/** Everything the outbox screen says about one saved request. */
export function describeEntry(entry: OutboxEntry, t: Texts): EntryView {
  return {
    kind: t.kind[entry.envelope.action],
    summary: summarise(entry, t),
    savedAt: t.savedAt(formatIstDateTime(new Date(entry.queuedAt))),
    state: t.state[entry.state],
    stale: entry.stale ? t.stale : undefined,
    lastError: entry.lastError ? t.lastError(errorText(entry.lastError, t)) : undefined,
  };
}

type Item = Pick<OutboxItem, 'id' | 'state' | 'envelope' | 'lastError'>;

/**
 * What the outbox screen's live region says when the list changes under the
 * parent: an item starts sending, is refused (with the server's words, which
 * the toast leaves out), goes back to waiting, or is gone because the parent
 * discarded it (`discarded` holds those ids). A delivery is not repeated
 * here: its toast, a live region too, says it in every screen. Undefined when
 * nothing worth saying changed (a new item, a delivery, the first read).
 */
export function announceChanges(
  previous: readonly Item[],
  next: readonly Item[],
  discarded: ReadonlySet<string>,
  t: Texts,
): string | undefined {
  const now = new Map(next.map((item) => [item.id, item]));
  const said: string[] = [];
  for (const before of previous) {
    const kind = t.kind[before.envelope.action];
    const after = now.get(before.id);
    if (!after) {
      if (discarded.has(before.id)) said.push(t.discarded);
    } else if (after.state === 'sending' && before.state !== 'sending') {
      said.push(t.announceSending(kind));
    } else if (after.state === 'failed' && before.state !== 'failed') {
      said.push(t.announceRefused(kind, after.lastError ? errorText(after.lastError, t) : t.state.failed));
    } else if (after.state === 'queued' && before.state === 'sending') {
      // Not from 'failed': that is the parent's own Retry, already under way.
      said.push(t.announceWaiting(kind));
    }
  }
  return said.length > 0 ? said.join(' ') : undefined;
}
