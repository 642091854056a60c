import type { QueuedEnvelope } from '../../../shared/outbox/types.ts';
import { pageOutbox, requestBackgroundSync } from '../outbox/page-outbox.ts';
import { deliverInOrder, type Delivery } from './deliver-in-order.ts';

/**
 * The one step a parent's reschedule or chat request leaves the page through.
 * It receives the envelope already built, its request_id made once per
 * action, so every later attempt sends the very same request.
 */
export async function deliver(envelope: QueuedEnvelope): Promise<Delivery> {
  const delivery = await deliverInOrder(pageOutbox(), envelope);
  if (delivery.status === 'queued') requestBackgroundSync();
  return delivery;
}
