import type { Db } from '../db/database.ts';

export interface InboxAttachment {
  filename: string;
  mimetype: string;
  size: number;
}

export interface InboxEntry {
  requestId: string;
  action: string;
  userName: string;
  userNumber: string;
  payload: Record<string, unknown>;
  note: string | null;
  message: string | null;
  preferredTimes: string | null;
  language: string | null;
  timestampIst: string;
  receivedAt: string;
  answer: string;
  attachments: InboxAttachment[];
}

interface Row {
  request_id: string;
  action: string;
  user_name: string;
  user_number: string;
  payload: string;
  note: string | null;
  message: string | null;
  preferred_times: string | null;
  language: string | null;
  timestamp_ist: string;
  received_at: string;
  response_body: string;
}

/** The newest stored requests first, with their attachments' names, types and sizes (not their bytes). */
export function latestRequests(db: Db, options: { limit: number; action?: string }): InboxEntry[] {
  const rows = db
    .prepare<{ action: string | null; limit: number }, Row>(
      `SELECT request_id, action, user_name, user_number, payload, note, message, preferred_times,
         language, timestamp_ist, received_at, response_body
       FROM requests WHERE (@action IS NULL OR action = @action) ORDER BY id DESC LIMIT @limit`,
    )
    .all({ action: options.action ?? null, limit: options.limit });
  const filesOf = db.prepare<[string], InboxAttachment>(
    'SELECT filename, mimetype, size FROM attachments WHERE request_id = ? ORDER BY position',
  );
  return rows.map((row) => ({
    requestId: row.request_id,
    action: row.action,
    userName: row.user_name,
    userNumber: row.user_number,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    note: row.note,
    message: row.message,
    preferredTimes: row.preferred_times,
    language: row.language,
    timestampIst: row.timestamp_ist,
    receivedAt: row.received_at,
    answer: row.response_body,
    attachments: filesOf.all(row.request_id),
  }));
}
