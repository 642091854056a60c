import type { OutboxEvent } from '../../../shared/outbox/types.ts';
import type { RegisteredParentMessages } from '../messages.ts';

export interface OutboxNotice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * The toast an outbox event deserves, wherever the parent is in the app: a
 * queued request delivered, or refused by the server (then it waits on the
 * outbox screen for Retry or Discard). Other changes need no toast.
 */
export function outboxNotice(event: OutboxEvent, t: RegisteredParentMessages['outbox']): OutboxNotice | undefined {
  const chat = event.type !== 'OUTBOX_CHANGED' && event.action === 'chat_facilitator';
  if (event.type === 'OUTBOX_DELIVERED') return { kind: 'success', text: chat ? t.chatSent : t.rescheduleSent };
  if (event.type === 'OUTBOX_FAILED') return { kind: 'error', text: chat ? t.chatRefused : t.rescheduleRefused };
  return undefined;
}
