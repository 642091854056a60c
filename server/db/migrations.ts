/**
 * The database schema, one step per version. `PRAGMA user_version` records
 * how many steps a file has had, so a database made by an older server is
 * brought forward on start and a new one is made from nothing.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE requests (
    id INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    body_hash TEXT NOT NULL,
    action TEXT NOT NULL,
    user_name TEXT NOT NULL,
    user_number TEXT NOT NULL,
    payload TEXT NOT NULL,
    note TEXT,
    message TEXT,
    preferred_times TEXT,
    timestamp_ist TEXT NOT NULL,
    received_at TEXT NOT NULL,
    response_status INTEGER NOT NULL,
    response_body TEXT NOT NULL
  ) STRICT;
  CREATE INDEX requests_by_received ON requests (received_at);

  CREATE TABLE blobs (
    sha256 TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    content BLOB NOT NULL
  ) STRICT;

  CREATE TABLE attachments (
    request_id TEXT NOT NULL REFERENCES requests (request_id),
    position INTEGER NOT NULL,
    filename TEXT NOT NULL,
    mimetype TEXT NOT NULL,
    size INTEGER NOT NULL,
    sha256 TEXT NOT NULL REFERENCES blobs (sha256),
    PRIMARY KEY (request_id, position)
  ) STRICT;

  CREATE TABLE facilitators (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    slack_channel TEXT NOT NULL
  ) STRICT;

  CREATE TABLE parents (
    number TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    facilitator_id TEXT NOT NULL REFERENCES facilitators (id)
  ) STRICT;

  CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    parent_number TEXT NOT NULL REFERENCES parents (number),
    weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    start_time TEXT NOT NULL,
    facilitator_id TEXT NOT NULL REFERENCES facilitators (id)
  ) STRICT;
  CREATE INDEX sessions_by_parent ON sessions (parent_number);
  `,
  // 2: the language a request names (issue 14), and each request's phone key, so `npm run forget` finds
  // every request of a number however it was typed. Stored numbers passed the phone rule: a bare one is
  // a 10-digit Indian mobile.
  `
  ALTER TABLE requests ADD COLUMN language TEXT;
  ALTER TABLE requests ADD COLUMN number_key TEXT;
  UPDATE requests SET number_key = CASE WHEN user_number LIKE '+%' THEN user_number ELSE '+91' || user_number END;
  CREATE INDEX requests_by_number ON requests (number_key);
  CREATE INDEX attachments_by_blob ON attachments (sha256);
  `,
];
