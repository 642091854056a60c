import type { Db } from './database.ts';

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
  timestampIst: string;
  receivedAt: Date;
  attachments: readonly DecodedAttachment[];
  answer: StoredAnswer;
}

export interface PreviousRequest {
  bodyHash: string;
  answer: StoredAnswer;
}

export interface RequestStore {
  find(requestId: string): PreviousRequest | undefined;
  /** Stores a request, its attachments and its answer in one transaction. */
  save(request: NewRequest): void;
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
    INSERT INTO requests (request_id, body_hash, action, user_name, user_number, payload, note, message,
      preferred_times, timestamp_ist, received_at, response_status, response_body)
    VALUES (@requestId, @bodyHash, @action, @userName, @userNumber, @payload, @note, @message,
      @preferredTimes, @timestampIst, @receivedAt, @status, @body)`);
  const insertBlob = db.prepare('INSERT OR IGNORE INTO blobs (sha256, size, content) VALUES (?, ?, ?)');
  const insertAttachment = db.prepare(
    'INSERT INTO attachments (request_id, position, filename, mimetype, size, sha256) VALUES (?, ?, ?, ?, ?, ?)',
  );

  const save = db.transaction((request: NewRequest) => {
    insertRequest.run({
      requestId: request.requestId,
      bodyHash: request.bodyHash,
      action: request.action,
      userName: request.userName,
      userNumber: request.userNumber,
      payload: JSON.stringify(request.payload),
      note: request.note ?? null,
      message: request.message ?? null,
      preferredTimes: request.preferredTimes ?? null,
      timestampIst: request.timestampIst,
      receivedAt: request.receivedAt.toISOString(),
      status: request.answer.status,
      body: request.answer.body,
    });
    request.attachments.forEach((file, position) => {
      insertBlob.run(file.sha256, file.bytes.length, file.bytes);
      insertAttachment.run(request.requestId, position, file.filename, file.mimetype, file.bytes.length, file.sha256);
    });
  });

  return {
    find(requestId) {
      const row = findRow.get(requestId);
      if (!row) return undefined;
      return { bodyHash: row.body_hash, answer: { status: row.response_status, body: row.response_body } };
    },
    save: (request) => save.immediate(request),
  };
}
