import type { OutboxEntry } from '../../../shared/outbox/types.ts';
import { formatDayKey, formatIstDateTime } from '../../../shared/format/ist.ts';
import type { WebhookErrorJson } from '../../../shared/webhook/errors.ts';
import type { RegisteredParentMessages } from '../messages.ts';

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

function summarise({ envelope }: OutboxEntry, t: RegisteredParentMessages['outbox']): string[] {
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
  }
}

/** The server's own words for a refusal; plain words for no answer at all. */
export function errorText(error: WebhookErrorJson, t: RegisteredParentMessages['outbox']): string {
  if (error.kind === 'network') return t.noConnection;
  if (error.kind === 'timeout') return t.noAnswer;
  return error.message;
}

/** Everything the outbox screen says about one saved request. */
export function describeEntry(entry: OutboxEntry, t: RegisteredParentMessages['outbox']): EntryView {
  return {
    kind: t.kind[entry.envelope.action],
    summary: summarise(entry, t),
    savedAt: t.savedAt(formatIstDateTime(new Date(entry.queuedAt))),
    state: t.state[entry.state],
    stale: entry.stale ? t.stale : undefined,
    lastError: entry.lastError ? t.lastError(errorText(entry.lastError, t)) : undefined,
  };
}
