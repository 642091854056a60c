import type { Db } from './database.ts';

/** What an erasure removed. */
export interface Erased {
  requests: number;
  attachments: number;
  /** Stored files no remaining request refers to, and their bytes. */
  files: number;
  fileBytes: number;
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
      const requests = db.prepare(`DELETE FROM requests WHERE ${which}`).run(...params).changes;
      const unused = db.prepare<[], { n: number; bytes: number }>(
        `SELECT count(*) AS n, total(size) AS bytes FROM blobs WHERE ${UNUSED_FILE}`,
      );
      const { n: files = 0, bytes: fileBytes = 0 } = unused.get() ?? {};
      db.prepare(`DELETE FROM blobs WHERE ${UNUSED_FILE}`).run();
      return { requests, attachments, files, fileBytes };
    })
    .immediate();
}

/** The retention rule: everything received more than `days` days before `now` goes. */
export function removeExpired(db: Db, now: Date, days: number): Erased {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  return eraseRequests(db, 'received_at < ?', cutoff);
}

export interface Forgotten extends Erased {
  /** The roster entry removed with the requests: the parent's name and weekly sessions, or none. */
  rosterParent: { name: string; sessions: number } | undefined;
}

/**
 * A parent's right to erasure (India's DPDP Act): every request stored for
 * the number (by its phone key), and the number's roster entry.
 */
export function forgetNumber(db: Db, numberKey: string): Forgotten {
  const erased = eraseRequests(db, 'number_key = ?', numberKey);
  const rosterParent = db
    .transaction(() => {
      const parent = db.prepare<[string], { name: string }>('SELECT name FROM parents WHERE number = ?').get(numberKey);
      if (!parent) return undefined;
      const sessions = db.prepare('DELETE FROM sessions WHERE parent_number = ?').run(numberKey).changes;
      db.prepare('DELETE FROM parents WHERE number = ?').run(numberKey);
      return { name: parent.name, sessions };
    })
    .immediate();
  // Moves what the WAL still holds of the erased rows into the (overwritten) database file, and empties the WAL.
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { ...erased, rosterParent };
}
