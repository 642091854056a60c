import { env } from '../../../config/env.ts';
import { readToSend, withoutReadSent, withReadSent } from '../../../shared/conversation/read-receipts.ts';
import type { SavedConversation } from '../../../shared/conversation/store.ts';
import { toIstIso } from '../../../shared/format/ist.ts';
import { activeLocale } from '../../../shared/i18n/catalog.ts';
import { OutboxStorageError } from '../../../shared/outbox/errors.ts';
import { pageOutbox } from '../../../shared/outbox/portal-outbox.ts';
import type { ConversationRequests } from '../../../shared/webhook/conversation.ts';
import { newRequestId } from '../../../shared/webhook/request-id.ts';
import type { User } from '../../../shared/webhook/types.ts';
import { pageConversationStore } from './page-conversation.ts';

/**
 * The chat screen showed `shown`: when it holds a staff reply newer than the
 * last one reported, and read receipts are on (read-receipts.ts), the read
 * goes through the outbox. Noted in the saved record first, in one
 * transaction, so a second tab or a redraw never queues it twice; then
 * stored in the outbox before any send, so a read made offline is sent once
 * the phone is back online. A phone that could not store it takes the note
 * back, and the next showing queues it again.
 */
export async function reportRead(user: User, shown: SavedConversation): Promise<void> {
  const through = readToSend(shown);
  if (through === undefined) return;
  const store = pageConversationStore();
  let before: string | undefined;
  let claimed = false;
  await store
    .update(user, (stored) => {
      if (stored.token !== shown.token) return stored;
      const next = withReadSent(stored, through);
      claimed = next !== stored;
      before = stored.lastReadSent;
      return next;
    })
    .catch(() => {
      // Unreadable storage: nothing is noted, so nothing is queued either; the next showing tries again.
    });
  if (!claimed) return;
  const now = new Date();
  const envelope: ConversationRequests['mark_read'] = {
    action: 'mark_read',
    user: { name: user.name.trim(), number: user.number.trim() },
    payload: { through, read_at: now.toISOString() },
    request_id: newRequestId(),
    timestamp_ist: toIstIso(now),
    language: activeLocale(),
  };
  try {
    await pageOutbox(env.webhookUrl).submit(envelope);
  } catch (error) {
    // Refused: a read is sent once, not argued over. Not stored: taken back, to be queued at the next showing.
    if (error instanceof OutboxStorageError) {
      await store.update(user, (stored) => withoutReadSent(stored, through, before)).catch(() => undefined);
    }
  }
}
