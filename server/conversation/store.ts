/**
 * The conversation's own tables (migration 3): codes, the requests for
 * them, and parents' tokens, one statement per rule, each plain SQL a
 * Postgres workflow can run as it is (docs/webhook-contract.md, "Building
 * the conversation in n8n"). The thread itself is read through its owner,
 * server/db/thread-table.ts.
 */
import { perConnection, type Db } from '../db/database.ts';
import { threadTable } from '../db/thread-table.ts';

export interface CodeRow {
  code_hash: string;
  /** The name it was sent for, as the roster compares names (nameKey). */
  name_key: string;
  /** Tries in all, right or wrong, from any address. */
  tries: number;
  created_at: string;
  expires_at: string;
}

function prepareConversationStore(db: Db) {
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
    INSERT INTO sign_in_codes (number_key, name_key, code_hash, tries, created_at, expires_at) VALUES (?, ?, ?, 0, ?, ?)
    ON CONFLICT (number_key) DO UPDATE
      SET name_key = excluded.name_key, code_hash = excluded.code_hash, tries = 0, created_at = excluded.created_at,
        expires_at = excluded.expires_at`);
  const findCode = db.prepare<[string], CodeRow>(
    'SELECT code_hash, name_key, tries, created_at, expires_at FROM sign_in_codes WHERE number_key = ?',
  );
  const triesFromAddress = db
    .prepare<[string, string], string>(
      'SELECT tried_at FROM code_tries WHERE address = ? AND tried_at > ? ORDER BY tried_at',
    )
    .pluck();
  const triesAtCodeFrom = db
    .prepare<[string, string, string], number>(
      'SELECT count(*) FROM code_tries WHERE number_key = ? AND address = ? AND tried_at >= ?',
    )
    .pluck();
  const insertTry = db.prepare('INSERT INTO code_tries (number_key, address, tried_at) VALUES (?, ?, ?)');
  const deleteCodeIf = db.prepare('DELETE FROM sign_in_codes WHERE number_key = ? AND code_hash = ?');
  // A try is counted before the code is checked, so two guesses at once cannot both slip under the limit.
  const takeTry = db
    .prepare<[string], number>('UPDATE sign_in_codes SET tries = tries + 1 WHERE number_key = ? RETURNING tries')
    .pluck();
  const deleteCode = db.prepare('DELETE FROM sign_in_codes WHERE number_key = ?');
  const insertToken = db.prepare(
    'INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const findToken = db.prepare<[string], { number_key: string; expires_at: string }>(
    'SELECT number_key, expires_at FROM parent_tokens WHERE token_hash = ?',
  );
  const deleteToken = db.prepare('DELETE FROM parent_tokens WHERE token_hash = ?');
  const threads = threadTable(db);

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
    /** One live code per number, for the name it is sent to: a new one replaces the last. */
    saveCode(numberKey: string, nameKey: string, codeHash: string, now: Date, expires: Date) {
      upsertCode.run(numberKey, nameKey, codeHash, now.toISOString(), expires.toISOString());
    },
    findCode: (numberKey: string) => findCode.get(numberKey),
    /** This address's verify_code tries since `since`, whatever the number, oldest first. */
    triesFrom: (address: string, since: Date) => triesFromAddress.all(address, since.toISOString()),
    /** Counts a try at the number's code from this address, before the code is checked. */
    recordTry(numberKey: string, address: string, now: Date) {
      insertTry.run(numberKey, address, now.toISOString());
    },
    /** This address's tries at the number's code made at `codeMadeAt`, this one included. */
    triesAtCode: (numberKey: string, address: string, codeMadeAt: string) =>
      triesAtCodeFrom.get(numberKey, address, codeMadeAt) ?? 0,
    /** Removes this code, if it is still the number's: true when it was (so it is used once only). */
    useCode(numberKey: string, codeHash: string): boolean {
      return deleteCodeIf.run(numberKey, codeHash).changes === 1;
    },
    /** Counts a try at the number's code in all: the tries so far, this one included, or undefined without a code. */
    takeTry: (numberKey: string) => takeTry.get(numberKey),
    endCode: (numberKey: string) => void deleteCode.run(numberKey),
    saveToken(hash: string, numberKey: string, now: Date, expires: Date) {
      insertToken.run(hash, numberKey, now.toISOString(), expires.toISOString());
    },
    findToken: (hash: string) => findToken.get(hash),
    revokeToken: (hash: string) => deleteToken.run(hash).changes === 1,
    /** A page of the number's thread (server/db/thread-table.ts). */
    threadPage: (numberKey: string, after: number, limit: number) => threads.page(numberKey, after, limit),
    /** An attachment of a thread message, with the number whose thread it is in. */
    file: (messageId: number, position: number) => threads.file(messageId, position),
  };
}

export type ConversationStore = ReturnType<typeof prepareConversationStore>;

/** Sign-in codes and parents' tokens on this connection: the app's and the push service's one store. */
export const conversationStore = perConnection(prepareConversationStore);
