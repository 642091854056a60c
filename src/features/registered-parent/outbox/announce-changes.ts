import type { OutboxItem } from '../../../shared/outbox/types.ts';
import type { RegisteredParentMessages } from '../messages.ts';
import { errorText } from './describe-entry.ts';

type Item = Pick<OutboxItem, 'id' | 'state' | 'envelope' | 'lastError'>;

/**
 * What the outbox screen's live region says when the list changes under the
 * parent: an item starts sending, is refused (with the server's words, which
 * the toast leaves out), goes back to waiting, or is gone because the parent
 * discarded it (`discarded` holds those ids). A delivery is not repeated
 * here: its toast, a live region too, says it in every screen. Undefined when
 * nothing worth saying changed (a new item, a delivery, the first read).
 */
export function announceChanges(
  previous: readonly Item[],
  next: readonly Item[],
  discarded: ReadonlySet<string>,
  t: RegisteredParentMessages['outbox'],
): string | undefined {
  const now = new Map(next.map((item) => [item.id, item]));
  const said: string[] = [];
  for (const before of previous) {
    const kind = t.kind[before.envelope.action];
    const after = now.get(before.id);
    if (!after) {
      if (discarded.has(before.id)) said.push(t.discarded);
    } else if (after.state === 'sending' && before.state !== 'sending') {
      said.push(t.announceSending(kind));
    } else if (after.state === 'failed' && before.state !== 'failed') {
      said.push(t.announceRefused(kind, after.lastError ? errorText(after.lastError, t) : t.state.failed));
    } else if (after.state === 'queued' && before.state === 'sending') {
      // Not from 'failed': that is the parent's own Retry, already under way.
      said.push(t.announceWaiting(kind));
    }
  }
  return said.length > 0 ? said.join(' ') : undefined;
}
