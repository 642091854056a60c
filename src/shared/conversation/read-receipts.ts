/**
 * Read receipts on the phone, both ways, as the chat screen and its saved
 * copy read them:
 * - "Seen" goes under the one message of the parent's that chat_thread's
 *   `seen` names, the newest the programme has opened, with its time;
 * - the chat screen tells the programme what it showed (mark_read) once per
 *   newer staff reply, and only while chat_thread last said this device's
 *   read_receipts is on: off, or a backend without receipts, sends nothing.
 * The report is noted in the saved record when it is queued, so a redraw,
 * a second tab or the next visit never queues the same read twice.
 */
import type { SeenMark, ThreadMessage } from '../webhook/conversation.ts';
import type { SavedConversation } from './store.ts';
import { compareIds, newestReplyId } from './thread.ts';

/** When the programme opened this message, if it is the one "Seen" goes under. */
export function seenAt(message: ThreadMessage, seen: SeenMark | undefined): string | undefined {
  return message.from === 'parent' && seen?.message_id === message.id ? seen.at : undefined;
}

/** The staff reply to report as read now: the newest shown, when newer than the last reported and receipts are on. */
export function readToSend(saved: SavedConversation): string | undefined {
  if (saved.token === undefined || saved.readReceipts !== true) return undefined;
  const newest = newestReplyId(saved.messages);
  if (newest === undefined) return undefined;
  return saved.lastReadSent === undefined || compareIds(newest, saved.lastReadSent) > 0 ? newest : undefined;
}

/**
 * The record once a read through `through` is queued; the same record when
 * it may not be (receipts off by now, or reported that far already).
 */
export function withReadSent(saved: SavedConversation, through: string): SavedConversation {
  if (saved.token === undefined || saved.readReceipts !== true) return saved;
  if (saved.lastReadSent !== undefined && compareIds(through, saved.lastReadSent) <= 0) return saved;
  return { ...saved, lastReadSent: through };
}

/** The record with a queued read taken back (the outbox could not keep it): the next showing queues it again. */
export function withoutReadSent(
  saved: SavedConversation,
  through: string,
  before: string | undefined,
): SavedConversation {
  if (saved.lastReadSent !== through) return saved;
  const next = { ...saved };
  if (before === undefined) delete next.lastReadSent;
  else next.lastReadSent = before;
  return next;
}
