/**
 * The conversation's tables (migration 3), one statement per rule, each
 * plain SQL a Postgres workflow can run as it is (docs/webhook-contract.md,
 * "Building the conversation in n8n").
 */
import type { Db } from '../db/database.ts';

export interface CodeRow {
  code_hash: string;
  tries: number;
  expires_at: string;
}

export interface ThreadRow {
  id: number;
  author: 'parent' | 'staff';
  request_id: string | null;
  staff_name: string | null;
  text: string;
  sent_at: string;
}

export interface ThreadFileRow {
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

export function createConversationStore(db: Db) {
  const codeRequestsByNumber = db
    .prepare<[string, string], string>(
      'SELECT requested_at FROM code_requests WHERE number_key = ? AND requested_at > ? ORDER BY requested_at',
    )
    .pluck();
  const codeRequestsByAddress = db
    .prepare<[string, string], string>(
      'SELECT requested_at FROM code_requests WHERE address = ? AND requested_at > ? ORDER BY requested_at',
    )
    .pluck();
  const insertCodeRequest = db.prepare(
    'INSERT INTO code_requests (number_key, address, requested_at) VALUES (?, ?, ?)',
  );
  const upsertCode = db.prepare(`
    INSERT INTO sign_in_codes (number_key, code_hash, tries, created_at, expires_at) VALUES (?, ?, 0, ?, ?)
    ON CONFLICT (number_key) DO UPDATE
      SET code_hash = excluded.code_hash, tries = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`);
  const deleteCodeIf = db.prepare('DELETE FROM sign_in_codes WHERE number_key = ? AND code_hash = ?');
  // A try is counted before the code is checked, so two guesses at once cannot both slip under the limit.
  const takeTry = db.prepare<[string], CodeRow>(`
    UPDATE sign_in_codes SET tries = tries + 1 WHERE number_key = ?
    RETURNING code_hash, tries, expires_at`);
  const deleteCode = db.prepare('DELETE FROM sign_in_codes WHERE number_key = ?');
  const insertToken = db.prepare(
    'INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const findToken = db.prepare<[string], { number_key: string; expires_at: string }>(
    'SELECT number_key, expires_at FROM parent_tokens WHERE token_hash = ?',
  );
  const deleteToken = db.prepare('DELETE FROM parent_tokens WHERE token_hash = ?');
  const threadPage = db.prepare<[string, number, number], ThreadRow>(`
    SELECT id, author, request_id, staff_name, text, sent_at FROM thread_messages
    WHERE number_key = ? AND id > ? ORDER BY id LIMIT ?`);
  const threadFiles = db.prepare<[string, number, number], ThreadFileRow>(`
    SELECT t.id, a.position, a.filename, a.mimetype, a.size
    FROM thread_messages t JOIN attachments a ON a.request_id = t.request_id
    WHERE t.number_key = ? AND t.id > ? AND t.id <= ? ORDER BY t.id, a.position`);
  const file = db.prepare<[number, number], StoredFile & { number_key: string }>(`
    SELECT t.number_key, a.filename, a.mimetype, b.content
    FROM thread_messages t JOIN attachments a ON a.request_id = t.request_id JOIN blobs b ON b.sha256 = a.sha256
    WHERE t.id = ? AND a.position = ?`);

  return {
    /** The code requests inside each window, oldest first. */
    codeRequests(numberKey: string, address: string, numberSince: Date, addressSince: Date) {
      return {
        forNumber: codeRequestsByNumber.all(numberKey, numberSince.toISOString()),
        forAddress: codeRequestsByAddress.all(address, addressSince.toISOString()),
      };
    },
    recordCodeRequest(numberKey: string, address: string, now: Date) {
      insertCodeRequest.run(numberKey, address, now.toISOString());
    },
    /** One live code per number: a new one replaces the last. */
    saveCode(numberKey: string, codeHash: string, now: Date, expires: Date) {
      upsertCode.run(numberKey, codeHash, now.toISOString(), expires.toISOString());
    },
    /** Removes this code, if it is still the number's: true when it was (so it is used once only). */
    useCode(numberKey: string, codeHash: string): boolean {
      return deleteCodeIf.run(numberKey, codeHash).changes === 1;
    },
    takeTry: (numberKey: string) => takeTry.get(numberKey),
    endCode: (numberKey: string) => void deleteCode.run(numberKey),
    saveToken(hash: string, numberKey: string, now: Date, expires: Date) {
      insertToken.run(hash, numberKey, now.toISOString(), expires.toISOString());
    },
    findToken: (hash: string) => findToken.get(hash),
    revokeToken: (hash: string) => deleteToken.run(hash).changes === 1,
    threadPage(numberKey: string, after: number, limit: number) {
      const rows = threadPage.all(numberKey, after, limit);
      const last = rows.at(-1)?.id;
      const files = last === undefined ? [] : threadFiles.all(numberKey, after, last);
      return { rows, files };
    },
    /** An attachment of a thread message, with the number whose thread it is in. */
    file: (messageId: number, position: number) => file.get(messageId, position),
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;
