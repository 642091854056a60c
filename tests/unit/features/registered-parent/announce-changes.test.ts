import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/features/registered-parent/messages.ts';
import { announceChanges } from '../../../../src/features/registered-parent/outbox/announce-changes.ts';
import type { OutboxItem, OutboxState } from '../../../../src/shared/outbox/types.ts';
import { withBlobAttachments } from '../../../../src/shared/outbox/wire.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import type { WebhookErrorJson } from '../../../../src/shared/webhook/errors.ts';

const USER = { name: 'Asha', number: '9876543210' };
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
const chat = (state: OutboxState): Item => ({ id: 'c', state, envelope: CHAT });
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
      [reschedule('sending'), chat('queued')],
      [reschedule('failed', REFUSAL), chat('sending')],
      'Reschedule request was not accepted: That week is full Sending: Message to your facilitator',
    ],
  ])('says %s', (_case, previous, next, said) => {
    expect(announceChanges(previous, next, none, en.outbox)).toBe(said);
  });

  it('says an item the parent discarded here is discarded', () => {
    expect(announceChanges([reschedule('failed', REFUSAL)], [], new Set(['r']), en.outbox)).toBe('Request discarded.');
  });
});
