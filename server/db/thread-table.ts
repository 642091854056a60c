/**
 * The one owner of the thread tables (migration 3): `thread_messages`, a
 * parent's chat messages and staff's replies by number, and `thread_reads`,
 * how far staff have read each thread. Every read, write and removal of them
 * goes through here: the request store adds a parent's message in the
 * transaction that stores its request, the conversation reads a parent's own
 * thread, the staff inbox lists, reads, marks read and replies, and erasure
 * removes. Each statement is plain SQL a Postgres workflow can run as it is.
 */
import { toIstIso } from '../../src/shared/format/ist.ts';
import { perConnection, type Db } from './database.ts';
import { latestRequestLanguage } from './requests-table.ts';

export interface ThreadRow {
  id: number;
  /** event: a line recording what became of a request (who answered it is `staff_name`), not a message. */
  author: 'parent' | 'staff' | 'event';
  request_id: string | null;
  staff_name: string | null;
  text: string;
  sent_at: string;
}

/** A thread message for staff: the name the parent's request was sent with beside it, and how it came. */
export interface StaffThreadRow extends ThreadRow {
  user_name: string | null;
  /** 1: sent with a bearer token given to its number; 0: with name and number only (and every staff reply). */
  verified_device: 0 | 1;
}

export interface ThreadFileRow {
  /** The message the file came with. */
  id: number;
  position: number;
  filename: string;
  mimetype: string;
  size: number;
}

export interface StoredFile {
  filename: string;
  mimetype: string;
  content: Buffer;
}

export interface ConversationSummary {
  number_key: string;
  name: string;
  last_at: string;
  unread: number;
  /** The latest message's text (an event line's too), for a preview. */
  last_text: string;
  /** The roster's facilitator for the number: the one the parent was told their messages reach. */
  facilitator: string | null;
  /** The language of the number's latest request. */
  language: 'en' | 'hi' | null;
}

/**
 * Which threads a staff list shows: those of numbers on the roster, or on
 * none; when `search` is given, those whose name or number matches one of
 * its LIKE patterns (escaped with a backslash); a page of them.
 */
export interface ThreadFilter {
  onRoster: boolean;
  search: { name: string; number: string } | undefined;
  limit: number;
  offset: number;
}

/** The name a thread goes by: the roster's, else the one its latest message was sent with. */
const THREAD_NAME = `coalesce(
  (SELECT name FROM parents WHERE number = t.number_key),
  (SELECT user_name FROM requests r WHERE r.number_key = t.number_key ORDER BY r.id DESC LIMIT 1),
  t.number_key)`;

/** An event line is stored as the programme's (author 'staff'), marked `event` (migration 7). */
const AUTHOR = "CASE WHEN event = 1 THEN 'event' ELSE author END";

const FILES_OF_THREAD = `SELECT t.id, a.position, a.filename, a.mimetype, a.size
  FROM thread_messages t JOIN attachments a ON a.request_id = t.request_id`;

function prepareThreadTable(db: Db) {
  const insertParentMessage = db.prepare(`
    INSERT INTO thread_messages (number_key, author, request_id, text, sent_at, received_at, verified_device)
    VALUES (?, 'parent', ?, ?, ?, ?, ?)`);
  const insertReply = db.prepare<[string, string, string, string, string]>(`
    INSERT INTO thread_messages (number_key, author, staff_name, text, sent_at, received_at)
    VALUES (?, 'staff', ?, ?, ?, ?)`);
  const markRead = db.prepare(`
    INSERT INTO thread_reads (number_key, read_through) VALUES (?, ?)
    ON CONFLICT (number_key) DO UPDATE SET read_through = max(read_through, excluded.read_through)`);
  const page = db.prepare<[string, number, number], ThreadRow>(`
    SELECT id, ${AUTHOR} AS author, request_id, staff_name, text, sent_at FROM thread_messages
    WHERE number_key = ? AND id > ? ORDER BY id LIMIT ?`);
  const insertEvent = db.prepare<[string, string, string, string, string]>(`
    INSERT INTO thread_messages (number_key, author, staff_name, text, sent_at, received_at, event)
    VALUES (?, 'staff', ?, ?, ?, ?, 1)`);
  const pageFiles = db.prepare<[string, number, number], ThreadFileRow>(
    `${FILES_OF_THREAD} WHERE t.number_key = ? AND t.id > ? AND t.id <= ? ORDER BY t.id, a.position`,
  );
  const file = db.prepare<[number, number], StoredFile & { number_key: string }>(`
    SELECT t.number_key, a.filename, a.mimetype, b.content
    FROM thread_messages t JOIN attachments a ON a.request_id = t.request_id JOIN blobs b ON b.sha256 = a.sha256
    WHERE t.id = ? AND a.position = ?`);
  // Every thread with its name and unread count, filtered as ThreadFilter says; a flood of threads from numbers on
  // no roster is listed apart, so it never pushes a roster parent off a page.
  const THREADS = `
    WITH threads AS (
      SELECT t.number_key, ${THREAD_NAME} AS name, max(t.received_at) AS last_at, max(t.id) AS last_id,
        sum(t.author = 'parent' AND t.id > coalesce(rd.read_through, 0)) AS unread,
        EXISTS (SELECT 1 FROM parents p WHERE p.number = t.number_key) AS on_roster
      FROM thread_messages t LEFT JOIN thread_reads rd ON rd.number_key = t.number_key
      GROUP BY t.number_key)
    SELECT %COLUMNS% FROM threads
    WHERE on_roster = @onRoster
      AND (@any = 0 OR name LIKE @name ESCAPE '\\' OR number_key LIKE @number ESCAPE '\\')`;
  type FilterParams = { onRoster: number; any: number; name: string; number: string };
  const summaries = db.prepare<[FilterParams & { limit: number; offset: number }], ConversationSummary>(
    `${THREADS.replace(
      '%COLUMNS%',
      `number_key, name, last_at, unread,
      (SELECT m.text FROM thread_messages m WHERE m.id = last_id) AS last_text,
      (SELECT f.name FROM parents p JOIN facilitators f ON f.id = p.facilitator_id
        WHERE p.number = threads.number_key) AS facilitator,
      ${latestRequestLanguage('threads.number_key')} AS language`,
    )}
    ORDER BY unread > 0 DESC, last_id DESC LIMIT @limit OFFSET @offset`,
  );
  const summaryCount = db.prepare<[FilterParams], number>(THREADS.replace('%COLUMNS%', 'count(*)')).pluck();
  const filterParams = (filter: ThreadFilter): FilterParams => ({
    onRoster: filter.onRoster ? 1 : 0,
    any: filter.search ? 1 : 0,
    name: filter.search?.name ?? '',
    number: filter.search?.number ?? '',
  });
  const name = db
    .prepare<[string], string>(`SELECT ${THREAD_NAME} FROM thread_messages t WHERE t.number_key = ? LIMIT 1`)
    .pluck();
  const staffRows = db.prepare<[string], StaffThreadRow>(`
    SELECT t.id, CASE WHEN t.event = 1 THEN 'event' ELSE t.author END AS author, t.request_id, t.staff_name,
      r.user_name, t.text, t.sent_at, t.verified_device
    FROM thread_messages t LEFT JOIN requests r ON r.request_id = t.request_id
    WHERE t.number_key = ? ORDER BY t.id`);
  const staffFiles = db.prepare<[string], ThreadFileRow>(
    `${FILES_OF_THREAD} WHERE t.number_key = ? ORDER BY t.id, a.position`,
  );
  const removeReplies = db.prepare("DELETE FROM thread_messages WHERE author = 'staff' AND received_at < ?");
  const removeEmptyReads = db.prepare(
    'DELETE FROM thread_reads WHERE number_key NOT IN (SELECT number_key FROM thread_messages)',
  );
  const removeNumberMessages = db.prepare('DELETE FROM thread_messages WHERE number_key = ?');
  const removeNumberReads = db.prepare('DELETE FROM thread_reads WHERE number_key = ?');

  return {
    /**
     * A chat_facilitator message joins its number's thread, marked by whether
     * it came from a verified device; run inside the transaction storing its request.
     */
    addParentMessage(
      numberKey: string,
      requestId: string,
      text: string,
      sent: { at: string; receivedAt: Date; verifiedDevice: boolean },
    ) {
      insertParentMessage.run(
        numberKey,
        requestId,
        text,
        sent.at,
        sent.receivedAt.toISOString(),
        sent.verifiedDevice ? 1 : 0,
      );
    },
    /** Adds a staff reply and counts the thread read up to it; the reply's id. */
    addReply(numberKey: string, staffName: string, text: string, now: Date): number {
      return db.transaction(() => {
        const id = Number(
          insertReply.run(numberKey, staffName, text, toIstIso(now), now.toISOString()).lastInsertRowid,
        );
        markRead.run(numberKey, id);
        return id;
      })();
    },
    /** Adds an event line (an answer to a request, recorded by `by`); it leaves the thread's read mark as it is. */
    addEvent(numberKey: string, by: string, text: string, at: Date): number {
      return Number(insertEvent.run(numberKey, by, text, toIstIso(at), at.toISOString()).lastInsertRowid);
    },
    markRead: (numberKey: string, throughId: number) => void markRead.run(numberKey, throughId),
    /** A parent's page of their thread after a message id, and the files of those messages. */
    page(numberKey: string, after: number, limit: number) {
      const rows = page.all(numberKey, after, limit);
      const last = rows.at(-1)?.id;
      const files = last === undefined ? [] : pageFiles.all(numberKey, after, last);
      return { rows, files };
    },
    /** An attachment of a thread message, with the number whose thread it is in. */
    file: (messageId: number, position: number) => file.get(messageId, position),
    /** A page of threads for staff, unread first, then the latest, and how many the filter finds in all. */
    summaries(filter: ThreadFilter) {
      const params = filterParams(filter);
      return {
        rows: summaries.all({ ...params, limit: filter.limit, offset: filter.offset }),
        total: summaryCount.get(params) ?? 0,
      };
    },
    /** A parent's whole thread for staff, oldest first, with its files; undefined when the number has none. */
    forStaff(numberKey: string) {
      const threadName = name.get(numberKey);
      if (threadName === undefined) return undefined;
      return { name: threadName, rows: staffRows.all(numberKey), files: staffFiles.all(numberKey) };
    },
    /** Removes the messages of the requests `requestIds` selects (a `SELECT request_id …` with its parameters). */
    removeOfRequests(requestIds: string, ...params: unknown[]) {
      db.prepare(`DELETE FROM thread_messages WHERE request_id IN (${requestIds})`).run(...params);
    },
    /** Retention: staff replies received before the cutoff, then the read marks of threads left empty. */
    removeRepliesBefore(cutoff: Date): number {
      const removed = removeReplies.run(cutoff.toISOString()).changes;
      removeEmptyReads.run();
      return removed;
    },
    /** Erasure: a number's whole thread, staff replies included, and its read mark; the messages removed. */
    removeNumber(numberKey: string): number {
      const removed = removeNumberMessages.run(numberKey).changes;
      removeNumberReads.run(numberKey);
      return removed;
    },
  };
}

export type ThreadTable = ReturnType<typeof prepareThreadTable>;

/** The thread tables' statements on this connection, shared by the stores and every erasure. */
export const threadTable = perConnection(prepareThreadTable);
