import type { OutboxItem } from '../../../shared/outbox/types.ts';
import { phoneKey } from '../../../shared/rules/phone.ts';
import type { User } from '../../../shared/webhook/types.ts';

/**
 * Phones are shared: the outbox may hold another parent's requests (logging
 * out does not stop them being sent). A parent sees, counts and manages only
 * their own, matched by phone number however it was typed.
 */
export function isSameParent(a: User, b: User): boolean {
  return (phoneKey(a.number) ?? a.number) === (phoneKey(b.number) ?? b.number);
}

export function itemsOf<T extends Pick<OutboxItem, 'envelope'>>(items: readonly T[], user: User): T[] {
  return items.filter((item) => isSameParent(item.envelope.user, user));
}

/**
 * Whether a new request of this parent must wait behind older ones still to
 * be sent, so it cannot arrive before them. A refused ('failed') item waits
 * for the parent's decision, not for the network, so it holds nothing up.
 */
export function hasWaitingItems(items: readonly Pick<OutboxItem, 'envelope' | 'state'>[], user: User): boolean {
  return itemsOf(items, user).some((item) => item.state !== 'failed');
}

/**
 * Whether to ask for Background Sync: the oldest request still to send got no
 * answer at all (no connection, or a timeout), which is what the sync event
 * answers: the browser fires it once it sees a connection. After a server
 * error the browser, seeing itself online, would fire it at once, retrying an
 * overloaded server ahead of the backoff; the page's timer handles those.
 */
export function awaitsConnection(items: readonly Pick<OutboxItem, 'state' | 'lastError'>[]): boolean {
  const head = items.find((item) => item.state !== 'failed');
  return head !== undefined && head.lastError !== undefined && head.lastError.kind !== 'http';
}
