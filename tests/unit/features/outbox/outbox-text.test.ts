import { describe, expect, it } from 'vitest';
import { announceChanges, describeEntry, shorten } from '../../../../src/features/outbox/outbox-text.ts';
import type { OutboxEntry, OutboxItem, OutboxState, QueuedEnvelope } from '../../../../src/shared/outbox/types.ts';
import { withBlobAttachments } from '../../../../src/shared/outbox/wire.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import type { WebhookErrorJson } from '../../../../src/shared/webhook/errors.ts';
import { en } from '../../../../src/features/outbox/messages.ts';

const USER = { name: 'Asha', number: '9876543210' };
// 23 Nov 2026, 5:30 PM in India.
const QUEUED_AT = Date.UTC(2026, 10, 23, 12, 0);

function entry(envelope: QueuedEnvelope, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: envelope.request_id,
    seq: 1,
    envelope,
    state: 'queued',
    attempts: 0,
    queuedAt: QUEUED_AT,
    nextAttemptAt: QUEUED_AT,
    stale: false,
    ...extra,
  };
}

const single = buildEnvelope({ action: 'reschedule_single', user: USER, payload: { date: '2026-11-30' } });
const range = buildEnvelope({
  action: 'reschedule_range',
  user: USER,
  payload: { start_date: '2026-11-24', end_date: '2026-11-27' },
  note: 'Exams that week',
});
const chat = (message: string, files: File[] = []) =>
  withBlobAttachments(
    buildEnvelope({ action: 'chat_facilitator', user: USER, payload: { message, attachments: [] } }),
    files,
  );
const accept: QueuedEnvelope = {
  action: 'accept_offer',
  user: USER,
  payload: { request_id: 'r1', offer_id: 'o1' },
  timestamp_ist: '2026-11-23T17:30:00.000+05:30',
  request_id: 'a1',
};
const photo = new File([new Uint8Array(3)], 'photo.png', { type: 'image/png' });

describe('describeEntry', () => {
  it.each<[string, OutboxEntry, string, string[]]>([
    ['a single date', entry(single), 'Reschedule request', ['Date: 30 Nov 2026']],
    [
      'a range with its note',
      entry(range),
      'Reschedule request',
      ['Dates: 24 Nov 2026 - 27 Nov 2026', 'Note: Exams that week'],
    ],
    ['a message', entry(chat('Can we talk?')), 'Message to your facilitator', ['Can we talk?']],
    [
      'a message with files',
      entry(chat('Our recital', [photo, photo])),
      'Message to your facilitator',
      ['Our recital', '2 files attached'],
    ],
    ['a message with one file', entry(chat('Hi', [photo])), 'Message to your facilitator', ['Hi', '1 file attached']],
    ['an accepted offer', entry(accept), 'Accepting the time offered', []],
  ])('names the kind and sums up %s', (_case, item, kind, summary) => {
    const view = describeEntry(item, en);
    expect(view.kind).toBe(kind);
    expect(view.summary).toEqual(summary);
  });

  it('says when the request was saved, in India’s time', () => {
    expect(describeEntry(entry(single), en).savedAt).toBe('Saved 23 Nov 2026, 5:30 PM');
  });

  it.each([
    ['queued', 'Waiting to send'],
    ['sending', 'Sending…'],
    ['failed', 'Not accepted'],
  ] as const)('reads the state %s as %s', (state, text) => {
    expect(describeEntry(entry(single, { state }), en).state).toBe(text);
  });

  it('marks an item saved more than 7 days ago as stale, and no other', () => {
    expect(describeEntry(entry(single, { stale: true }), en).stale).toBe(
      'Saved more than 7 days ago: it will still be sent',
    );
    expect(describeEntry(entry(single), en).stale).toBeUndefined();
  });

  it.each<[string, WebhookErrorJson | undefined, string | undefined]>([
    ['no error yet', undefined, undefined],
    [
      'a lost connection',
      { name: 'WebhookError', kind: 'network', message: 'Failed to fetch' },
      'Last error: No connection',
    ],
    [
      'a timeout',
      { name: 'WebhookError', kind: 'timeout', message: 'No answer within 20 s' },
      'Last error: No answer from the server',
    ],
    [
      'the server’s own words',
      { name: 'WebhookError', kind: 'http', status: 422, message: 'That week is full' },
      'Last error: That week is full',
    ],
  ])('gives the last error for %s', (_case, lastError, text) => {
    const item = entry(single, lastError ? { lastError } : {});
    expect(describeEntry(item, en).lastError).toBe(text);
  });
});

describe('shorten', () => {
  it.each([
    ['short text', 'Hello there', 'Hello there'],
    ['line breaks and runs of spaces', 'Hello\n\n  there ', 'Hello there'],
    ['text over the limit', `${'a'.repeat(79)}bc`, `${'a'.repeat(79)}…`],
    ['text exactly at the limit', 'a'.repeat(80), 'a'.repeat(80)],
  ])('handles %s', (_case, text, expected) => {
    expect(shorten(text)).toBe(expected);
  });
});

const RESCHEDULE = buildEnvelope({ action: 'reschedule_single', user: USER, payload: { date: '2026-11-30' } });
const CHAT = withBlobAttachments(
  buildEnvelope({ action: 'chat_facilitator', user: USER, payload: { message: 'Hi', attachments: [] } }),
  [],
);
const REFUSAL: WebhookErrorJson = { name: 'WebhookError', kind: 'http', status: 422, message: 'That week is full' };

type Item = Pick<OutboxItem, 'id' | 'state' | 'envelope' | 'lastError'>;

const reschedule = (state: OutboxState, lastError?: WebhookErrorJson): Item => ({
  id: 'r',
  state,
  envelope: RESCHEDULE,
  ...(lastError ? { lastError } : {}),
});
const chatItem = (state: OutboxState): Item => ({ id: 'c', state, envelope: CHAT });
const none = new Set<string>();

describe('announceChanges', () => {
  it.each<[string, Item[], Item[], string | undefined]>([
    ['nothing for an unchanged list', [reschedule('queued')], [reschedule('queued')], undefined],
    ['nothing for a newly saved item', [], [reschedule('queued')], undefined],
    ['that an item is being sent', [reschedule('queued')], [reschedule('sending')], 'Sending: Reschedule request'],
    ['nothing for a delivery, which its toast announces', [reschedule('sending')], [], undefined],
    [
      'that an item was refused, with the server’s words',
      [reschedule('sending')],
      [reschedule('failed', REFUSAL)],
      'Reschedule request was not accepted: That week is full',
    ],
    [
      'that an item goes back to waiting',
      [reschedule('sending')],
      [reschedule('queued')],
      'Reschedule request not sent yet: it will be tried again automatically.',
    ],
    [
      'nothing when the parent’s Retry puts a refused item back',
      [reschedule('failed', REFUSAL)],
      [reschedule('queued')],
      undefined,
    ],
    [
      'every change at once',
      [reschedule('sending'), chatItem('queued')],
      [reschedule('failed', REFUSAL), chatItem('sending')],
      'Reschedule request was not accepted: That week is full Sending: Message to your facilitator',
    ],
  ])('says %s', (_case, previous, next, said) => {
    expect(announceChanges(previous, next, none, en)).toBe(said);
  });

  it('says an item the parent discarded here is discarded', () => {
    expect(announceChanges([reschedule('failed', REFUSAL)], [], new Set(['r']), en)).toBe('Request discarded.');
  });
});
