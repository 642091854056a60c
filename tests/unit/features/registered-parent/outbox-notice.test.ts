import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/features/registered-parent/messages.ts';
import { outboxNotice } from '../../../../src/features/registered-parent/outbox/outbox-notice.ts';
import type { OutboxEvent } from '../../../../src/shared/outbox/types.ts';

const refusal = { name: 'WebhookError', kind: 'http', status: 422, message: 'No' } as const;

describe('outboxNotice', () => {
  it.each<[OutboxEvent, ReturnType<typeof outboxNotice>]>([
    [{ type: 'OUTBOX_CHANGED' }, undefined],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'reschedule_single' },
      { kind: 'success', text: 'Your reschedule request was sent' },
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'reschedule_range' },
      { kind: 'success', text: 'Your reschedule request was sent' },
    ],
    [
      { type: 'OUTBOX_DELIVERED', id: '1', action: 'chat_facilitator' },
      { kind: 'success', text: 'Your message was sent' },
    ],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'reschedule_range', error: refusal },
      { kind: 'error', text: en.outbox.rescheduleRefused },
    ],
    [
      { type: 'OUTBOX_FAILED', id: '1', action: 'chat_facilitator', error: refusal },
      { kind: 'error', text: en.outbox.chatRefused },
    ],
  ])('turns %j into %j', (event, notice) => {
    expect(outboxNotice(event, en.outbox)).toEqual(notice);
  });
});
