import type { OutboxItem } from '../../shared/outbox/types.ts';
import { parentKey } from '../../shared/rules/phone.ts';
import type { User } from '../../shared/webhook/types.ts';

/**
 * Phones are shared: the outbox may hold another parent's requests (logging
 * out does not stop them being sent). A parent sees, counts, retries and
 * discards only their own, recognised by name and number together, since the
 * number alone is no secret on a shared phone.
 */
export function isSameParent(a: User, b: User): boolean {
  return parentKey(a) === parentKey(b);
}

export function itemsOf<T extends Pick<OutboxItem, 'envelope'>>(items: readonly T[], user: User): T[] {
  return items.filter((item) => isSameParent(item.envelope.user, user));
}
