import type { Outbox } from '../../../shared/outbox/outbox.ts';
import type { QueuedEnvelope } from '../../../shared/outbox/types.ts';
import type { WebhookResponse } from '../../../shared/webhook/client.ts';
import { hasWaitingItems } from '../outbox/parent-items.ts';

export type Delivery = { status: 'sent'; response: WebhookResponse } | { status: 'queued' };

/**
 * Sends the request, or keeps it in the outbox when the network or the server
 * fails it (a refusal still rejects with its WebhookError, a phone that cannot
 * store it with an OutboxStorageError). While older requests of the same parent
 * wait, a new one is queued behind them and the queue is replayed at once, so
 * the facilitator never gets a parent's requests out of order.
 */
export async function deliverInOrder(outbox: Outbox, envelope: QueuedEnvelope): Promise<Delivery> {
  // If the queue cannot even be read, the send itself is the better judge of what to do.
  const waiting = await outbox.list().then(
    (items) => hasWaitingItems(items, envelope.user),
    () => false,
  );
  if (waiting) {
    await outbox.enqueue(envelope);
    outbox.replayNow().catch(() => undefined);
    return { status: 'queued' };
  }
  const result = await outbox.submit(envelope);
  return result.status === 'sent' ? result : { status: 'queued' };
}
