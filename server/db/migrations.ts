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
  // 2: the language a request names, and each request's phone key, so `npm run forget` finds
  // every request of a number however it was typed. Stored numbers passed the phone rule: a bare one is
  // a 10-digit Indian mobile.
  `
${sqliteRequestColumns(2)}
  UPDATE requests SET number_key = CASE WHEN user_number LIKE '+%' THEN user_number ELSE '+91' || user_number END;
${sqliteRequestIndexes(2)}
  CREATE INDEX attachments_by_blob ON attachments (sha256);
  `,
  // 3: the two-way conversation: sign-in codes and the rate limit on asking for them, parents' bearer
  // tokens, the thread (each parent message is also its chat_facilitator request; staff replies are only here),
  // staff accounts, sessions and failed sign-ins, what staff have read, and which requests they have handled.
  // Codes, tokens and session ids are kept hashed. AUTOINCREMENT: a message id is never reused after an
  // erasure, so a portal's cursor never skips a later message.
  `
  CREATE TABLE sign_in_codes (
    number_key TEXT PRIMARY KEY,
    code_hash TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE code_requests (
    number_key TEXT NOT NULL,
    address TEXT NOT NULL,
    requested_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX code_requests_by_number ON code_requests (number_key, requested_at);
  CREATE INDEX code_requests_by_address ON code_requests (address, requested_at);

  CREATE TABLE parent_tokens (
    token_hash TEXT PRIMARY KEY,
    number_key TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX parent_tokens_by_number ON parent_tokens (number_key);

  CREATE TABLE thread_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    number_key TEXT NOT NULL,
    author TEXT NOT NULL CHECK (author IN ('parent', 'staff')),
    request_id TEXT UNIQUE REFERENCES requests (request_id),
    staff_name TEXT,
    text TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    received_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX thread_by_number ON thread_messages (number_key, id);
  CREATE INDEX thread_by_received ON thread_messages (received_at);
  INSERT INTO thread_messages (number_key, author, request_id, text, sent_at, received_at)
    SELECT number_key, 'parent', request_id, json_extract(payload, '$.message'), timestamp_ist, received_at
    FROM requests WHERE action = 'chat_facilitator' ORDER BY id;

  CREATE TABLE thread_reads (
    number_key TEXT PRIMARY KEY,
    read_through INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE request_handling (
    request_id TEXT PRIMARY KEY REFERENCES requests (request_id),
    handled_at TEXT NOT NULL,
    handled_by TEXT NOT NULL
  ) STRICT;

  CREATE TABLE staff (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE staff_sessions (
    id_hash TEXT PRIMARY KEY,
    staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE staff_sign_in_failures (
    email TEXT NOT NULL,
    failed_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX staff_failures_by_email ON staff_sign_in_failures (email, failed_at);
  `,
  // 4: wrong codes counted per address as well as per code, so a stranger's guesses end a code only for the
  // stranger's address; and the name a code was sent for, which verify_code holds it to. A code made before
  // this step has no name and so matches none: it lives 10 minutes, and a new one is asked for.
  `
  ALTER TABLE sign_in_codes ADD COLUMN name_key TEXT NOT NULL DEFAULT '';

  CREATE TABLE code_tries (
    number_key TEXT NOT NULL,
    address TEXT NOT NULL,
    tried_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX code_tries_by_address ON code_tries (address, tried_at);
  CREATE INDEX code_tries_by_number ON code_tries (number_key, address, tried_at);
  `,
  // 5: failed staff sign-ins by address, so they are throttled per address and per address and account, never per
  // account alone; and when each staff session was last used, for its idle timeout. Earlier failures have no
  // address and count against none; earlier sessions have no last use, and so end (staff sign in again).
  `
  ALTER TABLE staff_sign_in_failures ADD COLUMN address TEXT NOT NULL DEFAULT '';
  CREATE INDEX staff_failures_by_address ON staff_sign_in_failures (address, failed_at);
  ALTER TABLE staff_sessions ADD COLUMN last_seen_at TEXT NOT NULL DEFAULT '';
  `,
  // 6: how a parent's message came: with a bearer token given to its number (a verified device), or with name
  // and number only. Earlier messages had no such check and are the second kind.
  `
  ALTER TABLE thread_messages ADD COLUMN verified_device INTEGER NOT NULL DEFAULT 0 CHECK (verified_device IN (0, 1));
  `,
  // 7: what became of each request: staff's answers to a reschedule request (confirmed, another time offered,
  // declined) and the parent's acceptance of an offer, a visitor's request worked through contacted, booked and
  // closed, each with who and when, oldest first (the latest is the request's status). An answer also joins the
  // parent's thread as an event line: a thread message marked `event`, not a message from a person.
  `
  CREATE TABLE request_answers (
    id INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL REFERENCES requests (request_id),
    kind TEXT NOT NULL
      CHECK (kind IN ('confirmed', 'offered', 'declined', 'accepted', 'new', 'contacted', 'booked', 'closed')),
    starts_at TEXT,
    offer_id TEXT UNIQUE,
    reason TEXT,
    answered_by TEXT NOT NULL,
    answered_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX request_answers_by_request ON request_answers (request_id, id);
  ALTER TABLE thread_messages ADD COLUMN event INTEGER NOT NULL DEFAULT 0 CHECK (event IN (0, 1));
  `,
  // 8: Web Push. Settings and subscriptions belong to a device's token and go with it (logout, expiry, forget).
  // A staff reply notifies; an event line (a request's answer) does not: its own push is a request update.
  // push_jobs is the durable queue: a staff reply's jobs are added by the trigger in the reply's own transaction,
  // so a crash after the reply loses no push; a job goes with its subscription and its message. A reminder's key is
  // kept once it is queued, so each is sent once.
  `
  CREATE TABLE push_settings (
    token_hash TEXT PRIMARY KEY REFERENCES parent_tokens (token_hash) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    language TEXT NOT NULL CHECK (language IN ('en', 'hi')),
    updated_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL REFERENCES parent_tokens (token_hash) ON DELETE CASCADE,
    number_key TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX push_subscriptions_by_token ON push_subscriptions (token_hash);
  CREATE INDEX push_subscriptions_by_number ON push_subscriptions (number_key);

  CREATE TABLE push_jobs (
    id INTEGER PRIMARY KEY,
    endpoint TEXT NOT NULL REFERENCES push_subscriptions (endpoint) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('reply', 'reminder', 'request_update')),
    message_id INTEGER REFERENCES thread_messages (id) ON DELETE CASCADE,
    payload TEXT,
    not_before TEXT NOT NULL,
    expires_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    CHECK ((kind = 'reply') = (message_id IS NOT NULL) AND (kind = 'reply') = (payload IS NULL))
  ) STRICT;
  CREATE INDEX push_jobs_due ON push_jobs (not_before, id);
  CREATE INDEX push_jobs_by_endpoint ON push_jobs (endpoint);
  CREATE INDEX push_jobs_by_message ON push_jobs (message_id);

  CREATE TRIGGER push_staff_reply AFTER INSERT ON thread_messages WHEN NEW.author = 'staff' AND NEW.event = 0
  BEGIN
    INSERT INTO push_jobs (endpoint, kind, message_id, not_before, created_at)
      SELECT endpoint, 'reply', NEW.id, NEW.received_at, NEW.received_at
      FROM push_subscriptions WHERE number_key = NEW.number_key;
  END;

  CREATE TABLE push_reminders_sent (
    endpoint TEXT NOT NULL REFERENCES push_subscriptions (endpoint) ON DELETE CASCADE,
    reminder_key TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    PRIMARY KEY (endpoint, reminder_key)
  ) STRICT;
  `,
  // 9: which waiting pushes are held for the end of the quiet hours (not retried after a failure): a change of the
  // device's settings makes those due at once, to be decided again by the settings just saved.
  `
  ALTER TABLE push_jobs ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1));
  `,
  // 10: the roster in staff's hands. Only an admin may change it; every change is recorded (who, when, what), and
  // `npm run forget` erases a number's records with the rest of its data. Accounts made before this step are not
  // admins until promoted (`npm run staff -- promote EMAIL`).
  `
  ALTER TABLE staff ADD COLUMN admin INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1));

  CREATE TABLE roster_changes (
    id INTEGER PRIMARY KEY,
    changed_at TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'removed', 'imported')),
    number TEXT,
    what TEXT NOT NULL
  ) STRICT;
  CREATE INDEX roster_changes_by_number ON roster_changes (number);
  `,
  // 11: announcements and session changes. Recipients are the roster as it was when each was sent (a scheduled one
  // resolves when its time comes), with when each parent first opened it. A session change applies per parent and
  // occurrence. push_jobs is made again (SQLite cannot change a CHECK) to take announcement pushes, which carry no
  // payload: their texts are read at sending, so a withdrawal (which deletes them too) and show_text hold at once;
  // `priority` orders the queue, so an announcement's thousands of pushes never wait ahead of a reply.
  `
  CREATE TABLE announcements (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('announcement', 'cancelled', 'moved')),
    title_en TEXT,
    body_en TEXT,
    title_hi TEXT,
    body_hi TEXT,
    audience TEXT NOT NULL,
    audience_label TEXT NOT NULL,
    send_at TEXT NOT NULL,
    urgent INTEGER NOT NULL CHECK (urgent IN (0, 1)),
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    withdrawn_at TEXT,
    reason TEXT,
    CHECK ((title_en IS NULL) = (body_en IS NULL) AND (title_hi IS NULL) = (body_hi IS NULL)),
    CHECK (title_en IS NOT NULL OR title_hi IS NOT NULL)
  ) STRICT;
  CREATE INDEX announcements_due ON announcements (send_at) WHERE sent_at IS NULL AND withdrawn_at IS NULL;

  CREATE TABLE announcement_recipients (
    announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    number_key TEXT NOT NULL,
    name TEXT NOT NULL,
    seen_at TEXT,
    PRIMARY KEY (announcement_id, number_key)
  ) STRICT;
  CREATE INDEX announcement_recipients_by_number ON announcement_recipients (number_key);

  CREATE TABLE session_changes (
    announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    number_key TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    facilitator TEXT NOT NULL,
    moved_to TEXT,
    PRIMARY KEY (announcement_id, number_key, starts_at)
  ) STRICT;
  CREATE INDEX session_changes_by_number ON session_changes (number_key, starts_at);

  DROP TRIGGER push_staff_reply;
  CREATE TABLE push_jobs_next (
    id INTEGER PRIMARY KEY,
    endpoint TEXT NOT NULL REFERENCES push_subscriptions (endpoint) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('reply', 'reminder', 'request_update', 'announcement')),
    message_id INTEGER REFERENCES thread_messages (id) ON DELETE CASCADE,
    announcement_id TEXT REFERENCES announcements (id) ON DELETE CASCADE,
    payload TEXT,
    not_before TEXT NOT NULL,
    expires_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1)),
    priority INTEGER NOT NULL DEFAULT 0,
    CHECK ((kind = 'reply') = (message_id IS NOT NULL) AND (kind = 'announcement') = (announcement_id IS NOT NULL)
      AND (kind IN ('reply', 'announcement')) = (payload IS NULL))
  ) STRICT;
  INSERT INTO push_jobs_next (id, endpoint, kind, message_id, payload, not_before, expires_at, attempts, created_at, held)
    SELECT id, endpoint, kind, message_id, payload, not_before, expires_at, attempts, created_at, held FROM push_jobs;
  DROP TABLE push_jobs;
  ALTER TABLE push_jobs_next RENAME TO push_jobs;
  CREATE INDEX push_jobs_due ON push_jobs (priority, not_before, id);
  CREATE INDEX push_jobs_next_due ON push_jobs (not_before);
  CREATE INDEX push_jobs_by_endpoint ON push_jobs (endpoint);
  CREATE INDEX push_jobs_by_message ON push_jobs (message_id);
  CREATE INDEX push_jobs_by_announcement ON push_jobs (announcement_id);

  CREATE TRIGGER push_staff_reply AFTER INSERT ON thread_messages WHEN NEW.author = 'staff' AND NEW.event = 0
  BEGIN
    INSERT INTO push_jobs (endpoint, kind, message_id, not_before, created_at)
      SELECT endpoint, 'reply', NEW.id, NEW.received_at, NEW.received_at
      FROM push_subscriptions WHERE number_key = NEW.number_key;
  END;
  `,
  // 12: read receipts and texts for notifications not seen. How far the programme has seen each parent's thread
  // (a staff member opened it) and each time the parent's phone said how far it has shown theirs. text_notices is the
  // durable queue of texts: a roster parent's staff reply adds one in its own transaction, as it adds its pushes; an
  // outcome or an update adds its own. Each row keeps how its notice reached the parent (pushed, texted, seen).
  `
  CREATE TABLE thread_staff_seen (
    number_key TEXT PRIMARY KEY,
    seen_through INTEGER NOT NULL,
    seen_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE thread_parent_reads (
    number_key TEXT NOT NULL,
    read_through INTEGER NOT NULL,
    read_at TEXT NOT NULL,
    PRIMARY KEY (number_key, read_through)
  ) STRICT;

  CREATE TABLE text_notices (
    id INTEGER PRIMARY KEY,
    number_key TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('reply', 'request_update', 'announcement')),
    message_id INTEGER REFERENCES thread_messages (id) ON DELETE CASCADE,
    request_id TEXT,
    announcement_id TEXT,
    author TEXT NOT NULL,
    urgent INTEGER NOT NULL DEFAULT 0 CHECK (urgent IN (0, 1)),
    created_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'waiting'
      CHECK (state IN ('waiting', 'queued', 'texted', 'seen', 'pushed', 'limit', 'off', 'failed')),
    due_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    decided_at TEXT,
    pushed_at TEXT,
    texted_at TEXT
  ) STRICT;
  CREATE INDEX text_notices_due ON text_notices (due_at) WHERE state IN ('waiting', 'queued');
  CREATE INDEX text_notices_by_number ON text_notices (number_key, decided_at);
  CREATE INDEX text_notices_by_message ON text_notices (message_id);

  CREATE TRIGGER text_notice_staff_reply AFTER INSERT ON thread_messages
  WHEN NEW.author = 'staff' AND NEW.event = 0 AND EXISTS (SELECT 1 FROM parents WHERE number = NEW.number_key)
  BEGIN
    INSERT INTO text_notices (number_key, kind, message_id, author, created_at, due_at)
      VALUES (NEW.number_key, 'reply', NEW.id, NEW.staff_name, NEW.received_at, NEW.received_at);
  END;
  `,
  // 13: the parent's notification settings, per number: those a phone of theirs saved last, but the ones that are a
  // phone's own (show_text). Every save of a device's settings writes them in its transaction. They outlive the
  // tokens (logout, expiry): a phone signed in again starts from them, and the parent's texts follow them with no
  // phone signed in. Removing the parent from the roster and `npm run forget` delete them. A parent's are first those
  // their phones still signed in saved last.
  `
  CREATE TABLE parent_settings (
    number_key TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    language TEXT NOT NULL CHECK (language IN ('en', 'hi')),
    updated_at TEXT NOT NULL
  ) STRICT;
  INSERT INTO parent_settings (number_key, settings, language, updated_at)
    SELECT number_key, json_remove(settings, '$.show_text'), language, updated_at FROM (
      SELECT t.number_key, p.settings, p.language, p.updated_at,
        row_number() OVER (PARTITION BY t.number_key ORDER BY p.updated_at DESC) AS newest
      FROM push_settings p JOIN parent_tokens t ON t.token_hash = p.token_hash
    ) WHERE newest = 1;
  `,
];
