import type { Db } from './database.ts';
import { threadTable } from './thread-table.ts';

/** What an erasure removed. */
export interface Erased {
  requests: number;
  attachments: number;
  /** Stored files no remaining request refers to, and their bytes. */
  files: number;
  fileBytes: number;
  /** Staff replies in the threads (a parent's messages go with their requests). */
  replies: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A stored file no attachment refers to any more (attachments_by_blob makes this a look-up). */
const UNUSED_FILE = 'NOT EXISTS (SELECT 1 FROM attachments a WHERE a.sha256 = blobs.sha256)';

/**
 * Removes the requests `which` selects (its SQL reads `requests`), their
 * answers and request_ids (stored in the same row), their attachments, and
 * every stored file no other request still uses, in one transaction.
 */
function eraseRequests(db: Db, which: string, ...params: unknown[]): Erased {
  const ids = `SELECT request_id FROM requests WHERE ${which}`;
  return db
    .transaction((): Erased => {
      const attachments = db.prepare(`DELETE FROM attachments WHERE request_id IN (${ids})`).run(...params).changes;
      threadTable(db).removeOfRequests(ids, ...params);
      db.prepare(`DELETE FROM request_handling WHERE request_id IN (${ids})`).run(...params);
      db.prepare(`DELETE FROM request_answers WHERE request_id IN (${ids})`).run(...params);
      const requests = db.prepare(`DELETE FROM requests WHERE ${which}`).run(...params).changes;
      const unused = db.prepare<[], { n: number; bytes: number }>(
        `SELECT count(*) AS n, total(size) AS bytes FROM blobs WHERE ${UNUSED_FILE}`,
      );
      const { n: files = 0, bytes: fileBytes = 0 } = unused.get() ?? {};
      db.prepare(`DELETE FROM blobs WHERE ${UNUSED_FILE}`).run();
      return { requests, attachments, files, fileBytes, replies: 0 };
    })
    .immediate();
}

/**
 * The retention rule: every request and staff reply received more than
 * `days` days before `now` goes, and with them what has outlived its use:
 * codes and tokens past their expiry, staff sessions past theirs, code
 * requests, code tries and failed staff sign-ins older than a day (they only count
 * towards limits of an hour or less), read marks and receipts of emptied
 * threads, and the record of how older notifications reached their parents.
 */
/** Read receipts both ways (server/conversation/receipts.ts), kept per number. */
const RECEIPT_TABLES = ['thread_staff_seen', 'thread_parent_reads'] as const;

export function removeExpired(db: Db, now: Date, days: number): Erased {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const erased = eraseRequests(db, 'received_at < ?', cutoff.toISOString());
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const replies = db
    .transaction(() => {
      const removed = threadTable(db).removeRepliesBefore(cutoff);
      db.prepare('DELETE FROM sign_in_codes WHERE expires_at <= ?').run(nowIso);
      db.prepare('DELETE FROM parent_tokens WHERE expires_at <= ?').run(nowIso);
      db.prepare('DELETE FROM staff_sessions WHERE expires_at <= ?').run(nowIso);
      db.prepare('DELETE FROM code_requests WHERE requested_at < ?').run(dayAgo);
      db.prepare('DELETE FROM code_tries WHERE tried_at < ?').run(dayAgo);
      db.prepare('DELETE FROM staff_sign_in_failures WHERE failed_at < ?').run(dayAgo);
      db.prepare('DELETE FROM text_notices WHERE created_at < ?').run(cutoff.toISOString());
      for (const table of RECEIPT_TABLES) {
        db.prepare(`DELETE FROM ${table} WHERE number_key NOT IN (SELECT number_key FROM thread_messages)`).run();
      }
      return removed;
    })
    .immediate();
  return { ...erased, replies };
}

export interface Forgotten extends Erased {
  /** The roster entry removed with the requests: the parent's name and weekly sessions, or none. */
  rosterParent: { name: string; sessions: number } | undefined;
  /** Devices whose verification ended: their tokens are revoked. */
  tokens: number;
  /** Those devices' push subscriptions, removed with the pushes waiting for them. */
  pushSubscriptions: number;
}

/**
 * A parent's right to erasure (India's DPDP Act): every request stored for
 * the number (by its phone key), the whole thread with staff's replies, the
 * tokens (every verified device is signed out) with their push subscriptions, codes, code requests and tries,
 * the parent's notification settings, the read receipts both ways and the texts queued or sent, the number's roster
 * entry and the roster's record of its changes.
 */
export function forgetNumber(db: Db, numberKey: string): Forgotten {
  const erased = eraseRequests(db, 'number_key = ?', numberKey);
  const { replies, tokens, pushSubscriptions } = db
    .transaction(() => {
      // Before the tokens, which would take them along: counted for the report.
      const subscriptions = db.prepare('DELETE FROM push_subscriptions WHERE number_key = ?').run(numberKey).changes;
      const removed = threadTable(db).removeNumber(numberKey);
      db.prepare('DELETE FROM sign_in_codes WHERE number_key = ?').run(numberKey);
      db.prepare('DELETE FROM code_requests WHERE number_key = ?').run(numberKey);
      db.prepare('DELETE FROM code_tries WHERE number_key = ?').run(numberKey);
      for (const table of [...RECEIPT_TABLES, 'text_notices', 'parent_settings']) {
        db.prepare(`DELETE FROM ${table} WHERE number_key = ?`).run(numberKey);
      }
      const revoked = db.prepare('DELETE FROM parent_tokens WHERE number_key = ?').run(numberKey).changes;
      return { replies: removed, tokens: revoked, pushSubscriptions: subscriptions };
    })
    .immediate();
  const rosterParent = db
    .transaction(() => {
      // The roster's record of changes names the number: it goes too, whether or not the parent is still listed.
      db.prepare('DELETE FROM roster_changes WHERE number = ?').run(numberKey);
      // So do the announcements' copies of the roster: who each was sent to (with the name, and when it was seen),
      // and the sessions changed for the number. An announcement itself names nobody and stays for the others.
      db.prepare('DELETE FROM announcement_recipients WHERE number_key = ?').run(numberKey);
      db.prepare('DELETE FROM session_changes WHERE number_key = ?').run(numberKey);
      const parent = db.prepare<[string], { name: string }>('SELECT name FROM parents WHERE number = ?').get(numberKey);
      if (!parent) return undefined;
      const sessions = db.prepare('DELETE FROM sessions WHERE parent_number = ?').run(numberKey).changes;
      db.prepare('DELETE FROM parents WHERE number = ?').run(numberKey);
      return { name: parent.name, sessions };
    })
    .immediate();
  // Moves what the WAL still holds of the erased rows into the (overwritten) database file, and empties the WAL.
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { ...erased, replies, tokens, pushSubscriptions, rosterParent };
}
