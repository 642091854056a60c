import { describe, expect, it } from 'vitest';
import { outboxNotice } from '../../../src/app/start-outbox.ts';
import { en as visitor } from '../../../src/features/visitor/messages.ts';
import type { OutboxEvent } from '../../../src/shared/outbox/types.ts';
import { english } from '../../support/english-catalogs.ts';

const refusal = { name: 'WebhookError', kind: 'http', status: 422, message: 'No' } as const;
const answer = { status: 200, body: 'ok' };
const busy = { name: 'WebhookError', kind: 'http', status: 503, message: 'Busy' } as const;

describe('outboxNotice', () => {
  it.each<[OutboxEvent, ReturnType<typeof outboxNotice>]>([
    [{ type: 'OUTBOX_CHANGED' }, undefined],
    [{ type: 'OUTBOX_DEFERRED', id: '1', action: 'chat_facilitator', error: busy }, undefined],
    [
      { type: 'OUTBOX_PASS_DONE', tickets: [], delivered: 1, failed: 0, waiting: [], nextAttemptAt: undefined },
      undefined,
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'reschedule_single', response: answer },
      { kind: 'success', text: 'Your reschedule request was sent' },
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'reschedule_range', response: answer },
      { kind: 'success', text: 'Your reschedule request was sent' },
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'chat_facilitator', response: answer },
      { kind: 'success', text: 'Your message was sent' },
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'book_consult', response: answer },
      { kind: 'success', text: 'Your consultation request was sent' },
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'schedule_call', response: answer },
      { kind: 'success', text: 'Your call request was sent' },
    ],
    // A read mark sent later is no news; one refused is.
    [{ type: 'OUTBOX_DELIVERED', id: '1', action: 'mark_announcement_seen', response: answer }, undefined],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'mark_announcement_seen', error: refusal },
      { kind: 'error', text: english.outbox.seenRefused },
    ],
    [{ type: 'OUTBOX_DELIVERED', id: '1', action: 'mark_read', response: answer }, undefined],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'mark_read', error: refusal },
      { kind: 'error', text: english.outbox.readRefused },
    ],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'reschedule_range', error: refusal },
      { kind: 'error', text: english.outbox.rescheduleRefused },
    ],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'chat_facilitator', error: refusal },
      { kind: 'error', text: english.outbox.chatRefused },
    ],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'book_consult', error: refusal },
      { kind: 'error', text: visitor.saved.consultRefused },
    ],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'schedule_call', error: refusal },
      { kind: 'error', text: visitor.saved.callRefused },
    ],
  ])('turns %j into %j', (event, notice) => {
    expect(outboxNotice(event)).toEqual(notice);
  });
});
