import { sqliteRequestColumns, sqliteRequestIndexes } from './requests-table.ts';

/**
 * The database schema, one step per version. `PRAGMA user_version` records
 * how many steps a file has had, so a database made by an older server is
 * brought forward on start and a new one is made from nothing. The requests
 * table's columns come from requests-table.ts, which n8n/schema.sql is made
 * from too. A step that has shipped never changes
 * (tests/unit/server/db/migrations.test.ts holds each to its hash).
 */
export const MIGRATIONS: readonly string[] = [
  `
${sqliteRequestColumns(1)}
${sqliteRequestIndexes(1)}

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
${sqliteRequestColumns(2)}
  UPDATE requests SET number_key = CASE WHEN user_number LIKE '+%' THEN user_number ELSE '+91' || user_number END;
${sqliteRequestIndexes(2)}
  CREATE INDEX attachments_by_blob ON attachments (sha256);
  `,
];
