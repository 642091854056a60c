import type { OutboxItem } from '../../../shared/outbox/types.ts';
import { scheduleCacheKey } from '../../../shared/schedule/cache.ts';
import type { User } from '../../../shared/webhook/types.ts';

/**
 * Phones are shared: the outbox may hold another parent's requests (logging
 * out does not stop them being sent). A parent sees, counts and manages only
 * their own.
 */
export function isSameParent(a: User, b: User): boolean {
  return scheduleCacheKey(a.number) === scheduleCacheKey(b.number);
}

export function itemsOf<T extends Pick<OutboxItem, 'envelope'>>(items: readonly T[], user: User): T[] {
  return items.filter((item) => isSameParent(item.envelope.user, user));
}
