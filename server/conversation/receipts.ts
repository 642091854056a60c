/**
 * Read receipts, both ways (migration 12), as server-side facts:
 * - the programme has seen a parent's messages when a staff member's page
 *   drew the conversation after they came (staffSaw, called as the page is
 *   drawn: no staff member asks for it, and it changes nothing they see;
 *   marking a thread read for the inbox's unread count stays a POST);
 * - the parent has read staff's replies when their phone's chat screen
 *   showed them and said so with mark_read (parentRead), which a device
 *   sends only with its read_receipts setting on.
 * Each parent read is kept once, with the first time the phone read that
 * far, so every reply has the time it was first read.
 */
import type { SeenMark } from '../../src/shared/webhook/conversation.ts';
import type { Db } from '../db/database.ts';

export function createReceipts(db: Db) {
  const newestParentMessage = db
    .prepare<[string], number | null>(
      "SELECT max(id) FROM thread_messages WHERE number_key = ? AND author = 'parent' AND event = 0",
    )
    .pluck();
  const saw = db.prepare(`
    INSERT INTO thread_staff_seen (number_key, seen_through, seen_at) VALUES (?, ?, ?)
    ON CONFLICT (number_key) DO UPDATE SET seen_through = excluded.seen_through, seen_at = excluded.seen_at
    WHERE excluded.seen_through > seen_through`);
  const seenOf = db.prepare<[string], { seen_through: number; seen_at: string }>(
    'SELECT seen_through, seen_at FROM thread_staff_seen WHERE number_key = ?',
  );
  const lastMessage = db
    .prepare<[string, number], number | null>('SELECT max(id) FROM thread_messages WHERE number_key = ? AND id <= ?')
    .pluck();
  const readFarthest = db
    .prepare<[string], number | null>('SELECT max(read_through) FROM thread_parent_reads WHERE number_key = ?')
    .pluck();
  const addRead = db.prepare('INSERT INTO thread_parent_reads (number_key, read_through, read_at) VALUES (?, ?, ?)');
  const readsOf = db.prepare<[string], { read_through: number; read_at: string }>(
    'SELECT read_through, read_at FROM thread_parent_reads WHERE number_key = ? ORDER BY read_through',
  );

  return {
    /** A staff member's page drew the thread: its newest parent message is seen now, if it was not before. */
    staffSaw(numberKey: string, now: Date): void {
      const newest = newestParentMessage.get(numberKey);
      if (newest !== null && newest !== undefined) saw.run(numberKey, newest, now.toISOString());
    },
    /** The newest parent message the programme has seen, and when, for chat_thread. */
    seen(numberKey: string): SeenMark | undefined {
      const row = seenOf.get(numberKey);
      return row ? { message_id: String(row.seen_through), at: row.seen_at } : undefined;
    },
    /**
     * The parent's phone showed the thread through `through` at `at`: kept
     * when it reads further than before (an id past the thread's end counts
     * as its last message). Whether it was kept.
     */
    parentRead(numberKey: string, through: number, at: Date): boolean {
      const last = lastMessage.get(numberKey, through);
      if (last === null || last === undefined || last <= (readFarthest.get(numberKey) ?? 0)) return false;
      addRead.run(numberKey, last, at.toISOString());
      return true;
    },
    /** When the parent first read each message, by id: the first read that reached it. */
    parentReadAt(numberKey: string): (messageId: number) => string | undefined {
      const reads = readsOf.all(numberKey);
      return (messageId) => reads.find((read) => read.read_through >= messageId)?.read_at;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
