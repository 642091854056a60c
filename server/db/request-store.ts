import { phoneKey } from '../../src/shared/rules/phone.ts';
import type { Db } from './database.ts';
import { createGroupCommit } from './group-commit.ts';
import { threadTable } from './thread-table.ts';

export interface DecodedAttachment {
  filename: string;
  mimetype: string;
  bytes: Buffer;
  sha256: string;
}

export interface StoredAnswer {
  status: number;
  /** The answer's JSON text, sent again byte for byte on a replay. */
  body: string;
}

export interface NewRequest {
  requestId: string;
  bodyHash: string;
  action: string;
  userName: string;
  userNumber: string;
  /** The payload without attachments, which are kept in their own table. */
  payload: unknown;
  note: string | undefined;
  message: string | undefined;
  preferredTimes: string | undefined;
  language: string | undefined;
  timestampIst: string;
  receivedAt: Date;
  attachments: readonly DecodedAttachment[];
  /** A chat message's text: it also joins the number's thread. */
  threadText: string | undefined;
  /** Whether the message came with a bearer token given to its number (a verified device). */
  verifiedDevice: boolean;
  answer: StoredAnswer;
  /** What else the request changes (accept_offer: the answer it records), written in the same transaction. */
  alsoWrite?: () => void;
}

export interface PreviousRequest {
  bodyHash: string;
  answer: StoredAnswer;
  /** Settles when the request is on disk: at once for a stored one, later for one still being written. */
  stored: Promise<void>;
}

export interface RequestStore {
  /** A request already stored, or being stored, under this id. */
  find(requestId: string): PreviousRequest | undefined;
  /** Stores a request, its attachments and its answer; resolves once they are durable. */
  save(request: NewRequest): Promise<void>;
}

interface PreviousRow {
  body_hash: string;
  response_status: number;
  response_body: string;
}

/** Files are kept once per content hash: the same photo sent twice takes its room once. */
export function createRequestStore(db: Db): RequestStore {
  const findRow = db.prepare<[string], PreviousRow>(
    'SELECT body_hash, response_status, response_body FROM requests WHERE request_id = ?',
  );
  const insertRequest = db.prepare(`
    INSERT INTO requests (request_id, body_hash, action, user_name, user_number, number_key, payload, note, message,
      preferred_times, language, timestamp_ist, received_at, response_status, response_body)
    VALUES (@requestId, @bodyHash, @action, @userName, @userNumber, @numberKey, @payload, @note, @message,
      @preferredTimes, @language, @timestampIst, @receivedAt, @status, @body)`);
  const insertBlob = db.prepare('INSERT OR IGNORE INTO blobs (sha256, size, content) VALUES (?, ?, ?)');
  const insertAttachment = db.prepare(
    'INSERT INTO attachments (request_id, position, filename, mimetype, size, sha256) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const threads = threadTable(db);

  const write = (request: NewRequest) => {
    const numberKey = phoneKey(request.userNumber) ?? request.userNumber;
    insertRequest.run({
      requestId: request.requestId,
      bodyHash: request.bodyHash,
      action: request.action,
      userName: request.userName,
      userNumber: request.userNumber,
      numberKey,
      payload: JSON.stringify(request.payload),
      note: request.note ?? null,
      message: request.message ?? null,
      preferredTimes: request.preferredTimes ?? null,
      language: request.language ?? null,
      timestampIst: request.timestampIst,
      receivedAt: request.receivedAt.toISOString(),
      status: request.answer.status,
      body: request.answer.body,
    });
    request.attachments.forEach((file, position) => {
      insertBlob.run(file.sha256, file.bytes.length, file.bytes);
      insertAttachment.run(request.requestId, position, file.filename, file.mimetype, file.bytes.length, file.sha256);
    });
    if (request.threadText !== undefined) {
      threads.addParentMessage(numberKey, request.requestId, request.threadText, {
        at: request.timestampIst,
        receivedAt: request.receivedAt,
        verifiedDevice: request.verifiedDevice,
      });
    }
    request.alsoWrite?.();
  };
  const commit = createGroupCommit(db, write);
  // Requests accepted but not yet committed: a copy arriving meanwhile must find them.
  const inFlight = new Map<string, PreviousRequest>();

  return {
    find(requestId) {
      const pending = inFlight.get(requestId);
      if (pending) return pending;
      const row = findRow.get(requestId);
      if (!row) return undefined;
      const answer = { status: row.response_status, body: row.response_body };
      return { bodyHash: row.body_hash, answer, stored: Promise.resolve() };
    },
    save(request) {
      const stored = commit(request).finally(() => inFlight.delete(request.requestId));
      inFlight.set(request.requestId, { bodyHash: request.bodyHash, answer: request.answer, stored });
      return stored;
    },
  };
}
