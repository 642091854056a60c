/**
 * Web Push's part of n8n/schema.sql, as the reference server keeps it (server/db/migrations.ts, migrations 8 and
 * 13): a device's notification settings and its subscription, both keyed by its token's hash and removed with the
 * token (revoke_token, expiry, erasure); the parent's settings, keyed by their number, which outlive their tokens
 * and go with the parent (erasure, removal from the roster), a device that saved no settings having those; the
 * durable queue of pushes, filled for a facilitator's reply by a trigger in the reply's own transaction and for
 * reminders by the push workflow; and the reminders already queued, so each is sent once. A job is taken under a
 * lease and deleted only once the push service answered, so an execution that dies mid-send leaves it to the next
 * run. A job held for the end of the quiet hours is marked so: a change of the device's settings makes it due at
 * once, to be decided again by the settings saved.
 */
import { PUSH_MAX_ATTEMPTS, REQUEST_UPDATE_TTL_S } from '../../../src/shared/push/delivery.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, DEVICE_ONLY_SETTINGS } from '../../../src/shared/webhook/push.ts';
import { UTC_ISO } from './conversation-schema-sql.ts';
import { confirmedReschedulesOf } from './outcome-reads-sql.ts';

/** How long a taken job waits for its answer before another run may take it again. */
export const PUSH_LEASE = "interval '2 minutes'";
/** How long a queued reminder's key is kept: longer than any reminder stays due. */
const REMINDER_KEYS_KEPT = "interval '2 days'";

const SETTING_NAMES = Object.keys(DEFAULT_NOTIFICATION_SETTINGS);
/** Every setting's default, as jsonb: stored settings go over it. */
const DEFAULTS = `'${JSON.stringify(DEFAULT_NOTIFICATION_SETTINGS)}'::jsonb`;
/** A jsonb of settings without those that are a phone's own: the parent's part of them. */
const PARENTS_PART = (jsonb: string) =>
  `(${jsonb} - ARRAY[${DEVICE_ONLY_SETTINGS.map((name) => `'${name}'`).join(', ')}])`;
/** How long a request update waits for a phone that is off (its TTL, src/shared/push/delivery.ts). */
const REQUEST_UPDATE_KEPT = `interval '${REQUEST_UPDATE_TTL_S} seconds'`;

/**
 * Whether an endpoint's device token is still good: pushes end with the token, as on the reference server (an
 * expired token's subscription goes when retention deletes the token).
 */
const LIVE_TOKEN = (endpoint: string) =>
  `SELECT 1 FROM thrive.push_subscriptions ls JOIN thrive.parent_tokens lt ON lt.token_hash = ls.token_hash
      WHERE ls.endpoint = ${endpoint} AND lt.expires_at > now()`;

/** The settings of a jsonb as a json object in the contract's order (jsonb keeps its own). */
export const ORDERED_SETTINGS = (jsonb: string) =>
  `json_build_object(${SETTING_NAMES.map((name) => `'${name}', ${jsonb} -> '${name}'`).join(', ')})`;

export function pushSchemaSql(): string {
  return `
-- Web Push (n8n/thrive-conversation.workflow.json's push actions, n8n/thrive-push.workflow.json's sender).
-- Generated from n8n/source/database/push-schema-sql.ts.

-- A device's notification settings (only those changed from the defaults) and the language its notifications are
-- written in; they go with the device's token.
CREATE TABLE IF NOT EXISTS thrive.push_settings (
  token_hash text PRIMARY KEY REFERENCES thrive.parent_tokens (token_hash) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'hi')),
  updated_at timestamptz NOT NULL
);

-- The parent's settings: those a phone of theirs saved last (only those changed from the defaults), but a phone's own
-- (show_text), with that phone's language. Every save of a device's settings writes them in its transaction
-- (thrive.save_push_settings). They outlive the tokens (logout, expiry): a phone signed in again starts from them, and
-- the parent's texts follow them with no phone signed in. Erasure and removal from the roster delete them. A parent's
-- are first those their phones still signed in saved last.
CREATE TABLE IF NOT EXISTS thrive.parent_settings (
  number_key text PRIMARY KEY,
  settings jsonb NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'hi')),
  updated_at timestamptz NOT NULL
);
INSERT INTO thrive.parent_settings (number_key, settings, language, updated_at)
  SELECT DISTINCT ON (t.number_key) t.number_key, ${PARENTS_PART('p.settings')}, p.language, p.updated_at
  FROM thrive.push_settings p JOIN thrive.parent_tokens t ON t.token_hash = p.token_hash
  ORDER BY t.number_key, p.updated_at DESC
ON CONFLICT (number_key) DO NOTHING;

-- A device's settings as saved, with their language: its own once it saved any, else its parent's (a phone's own
-- settings at their default); no row when neither saved any. Read here rather than copied when a token is issued, so
-- the rule has one home and holds for every token however it was made. A subscribed device always has its own row
-- (push_subscribe saves its settings), so the sender's joins read that alone.
CREATE OR REPLACE FUNCTION thrive.saved_settings_of(hash text) RETURNS TABLE (settings jsonb, language text)
LANGUAGE sql STABLE AS $$
  SELECT s.settings, s.language FROM (
    SELECT 1 AS rank, p.settings, p.language FROM thrive.push_settings p WHERE p.token_hash = hash
    UNION ALL
    SELECT 2, ps.settings, ps.language
    FROM thrive.parent_tokens t JOIN thrive.parent_settings ps ON ps.number_key = t.number_key
    WHERE t.token_hash = hash
  ) s ORDER BY s.rank LIMIT 1
$$;

-- A device's settings as they apply: those saved over the defaults (every setting named).
CREATE OR REPLACE FUNCTION thrive.settings_of(hash text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT ${DEFAULTS} || coalesce((SELECT s.settings FROM thrive.saved_settings_of(hash) s), '{}')
$$;

-- A device's one subscription (a browser has one per site); an endpoint another token had now belongs to this one.
CREATE TABLE IF NOT EXISTS thrive.push_subscriptions (
  endpoint text PRIMARY KEY,
  token_hash text NOT NULL REFERENCES thrive.parent_tokens (token_hash) ON DELETE CASCADE,
  number_key text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_token ON thrive.push_subscriptions (token_hash);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_number ON thrive.push_subscriptions (number_key);

-- The queue: a reply's job names its message (its author and text are read when it is sent), any other carries
-- its message. not_before is when it is due (later while it is leased, held in quiet hours, or retried); held
-- marks a job waiting for the quiet hours to end, which a change of the device's settings makes due at once.
CREATE TABLE IF NOT EXISTS thrive.push_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint text NOT NULL REFERENCES thrive.push_subscriptions (endpoint) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reply', 'reminder', 'request_update')),
  message_id bigint REFERENCES thrive.thread_messages (id) ON DELETE CASCADE,
  -- json, not jsonb: the message keeps its keys' order, as the reference server's text does.
  payload json,
  not_before timestamptz NOT NULL,
  expires_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'reply') = (message_id IS NOT NULL) AND (kind = 'reply') = (payload IS NULL))
);
ALTER TABLE thrive.push_jobs ADD COLUMN IF NOT EXISTS held boolean NOT NULL DEFAULT false;
-- An announcement's push names it (its texts are read when it is sent, so a withdrawal and show_text hold at once)
-- and waits behind every other push due (priority 1), so a fan-out never delays a reply.
ALTER TABLE thrive.push_jobs ADD COLUMN IF NOT EXISTS announcement_id text
  REFERENCES thrive.announcements (id) ON DELETE CASCADE;
ALTER TABLE thrive.push_jobs ADD COLUMN IF NOT EXISTS priority smallint NOT NULL DEFAULT 0;
ALTER TABLE thrive.push_jobs DROP CONSTRAINT IF EXISTS push_jobs_kind_check, DROP CONSTRAINT IF EXISTS push_jobs_check,
  DROP CONSTRAINT IF EXISTS push_jobs_kind_fields;
ALTER TABLE thrive.push_jobs ADD CONSTRAINT push_jobs_kind_fields CHECK (
  kind IN ('reply', 'reminder', 'request_update', 'announcement')
  AND (kind = 'reply') = (message_id IS NOT NULL) AND (kind = 'announcement') = (announcement_id IS NOT NULL)
  AND (kind IN ('reply', 'announcement')) = (payload IS NULL));
DROP INDEX IF EXISTS thrive.push_jobs_due;
CREATE INDEX IF NOT EXISTS push_jobs_by_priority ON thrive.push_jobs (priority, not_before, id);
CREATE INDEX IF NOT EXISTS push_jobs_by_announcement ON thrive.push_jobs (announcement_id);
CREATE INDEX IF NOT EXISTS push_jobs_by_endpoint ON thrive.push_jobs (endpoint);
CREATE INDEX IF NOT EXISTS push_jobs_by_message ON thrive.push_jobs (message_id);

CREATE TABLE IF NOT EXISTS thrive.push_reminders_sent (
  endpoint text NOT NULL REFERENCES thrive.push_subscriptions (endpoint) ON DELETE CASCADE,
  reminder_key text NOT NULL,
  queued_at timestamptz NOT NULL,
  PRIMARY KEY (endpoint, reminder_key)
);

-- A facilitator's reply queues a push for each of the parent's subscriptions, in the reply's transaction. An event
-- line (a request's answer) is not a reply: its push is the request update record_outcome queues.
CREATE OR REPLACE FUNCTION thrive.push_staff_reply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thrive.push_jobs (endpoint, kind, message_id, not_before)
  SELECT s.endpoint, 'reply', NEW.id, NEW.received_at FROM thrive.push_subscriptions s WHERE s.number_key = NEW.number_key;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS push_staff_reply ON thrive.thread_messages;

-- A staff answer to a reschedule request (confirmed, another time offered, declined) queues a request update for
-- each of the parent's subscriptions, in the answer's transaction; the language is the device's, added at sending.
CREATE OR REPLACE FUNCTION thrive.push_request_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thrive.push_jobs (endpoint, kind, payload, not_before, expires_at)
  SELECT s.endpoint, 'request_update',
    json_build_object('kind', 'request_update', 'request_id', NEW.request_id, 'outcome', NEW.kind),
    now(), now() + ${REQUEST_UPDATE_KEPT}
  FROM thrive.requests r JOIN thrive.push_subscriptions s ON s.number_key = thrive.phone_key(r.user_number)
  WHERE r.request_id = NEW.request_id;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS push_request_update ON thrive.request_answers;
CREATE TRIGGER push_request_update AFTER INSERT ON thrive.request_answers
  FOR EACH ROW WHEN (NEW.kind IN ('confirmed', 'offered', 'declined')) EXECUTE FUNCTION thrive.push_request_update();
CREATE TRIGGER push_staff_reply AFTER INSERT ON thrive.thread_messages
  FOR EACH ROW WHEN (NEW.author = 'staff' AND NOT NEW.event) EXECUTE FUNCTION thrive.push_staff_reply();

-- A device's settings: those saved (thrive.saved_settings_of) changed by change (jsonb, the names given), saved as its
-- own with its language (lang, or the saved one, or English), as the contract orders them, whether it is subscribed,
-- and how many of its jobs held for the quiet hours a change of the settings made due now (Thrive push decides them
-- again). In the same transaction the parent's take the change too, but a phone's own settings, and the language: a
-- save that names no setting changes neither's settings, so a phone that only reads its settings never undoes what
-- the parent chose on another.
DROP FUNCTION IF EXISTS thrive.save_push_settings(text, jsonb, text);
CREATE FUNCTION thrive.save_push_settings(hash text, change jsonb, lang text)
RETURNS TABLE (settings json, subscribed boolean, released integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  earlier jsonb;
  earlier_language text;
  saved jsonb;
  saved_language text;
  freed integer := 0;
BEGIN
  -- The device's own row, locked: two saves of one device decide its held jobs one after the other.
  PERFORM 1 FROM thrive.push_settings p WHERE p.token_hash = hash FOR UPDATE;
  SELECT s.settings, s.language INTO earlier, earlier_language FROM thrive.saved_settings_of(hash) s;
  INSERT INTO thrive.push_settings AS p (token_hash, settings, language, updated_at)
  VALUES (hash, coalesce(earlier, '{}') || coalesce(change, '{}'), coalesce(lang, earlier_language, 'en'), now())
  ON CONFLICT (token_hash) DO UPDATE
    SET settings = p.settings || coalesce(change, '{}'), language = coalesce(lang, p.language), updated_at = now()
  RETURNING ${DEFAULTS} || p.settings, p.language INTO saved, saved_language;
  INSERT INTO thrive.parent_settings AS ps (number_key, settings, language, updated_at)
  SELECT t.number_key, ${PARENTS_PART(`(coalesce(earlier, '{}') || coalesce(change, '{}'))`)}, saved_language, now()
  FROM thrive.parent_tokens t WHERE t.token_hash = hash
  ON CONFLICT (number_key) DO UPDATE
    SET settings = ps.settings || ${PARENTS_PART(`coalesce(change, '{}')`)}, language = excluded.language,
      updated_at = now();
  IF saved IS DISTINCT FROM ${DEFAULTS} || coalesce(earlier, '{}') THEN
    UPDATE thrive.push_jobs j SET not_before = now(), held = false
    FROM thrive.push_subscriptions s WHERE s.token_hash = hash AND j.endpoint = s.endpoint AND j.held;
    GET DIAGNOSTICS freed = ROW_COUNT;
  END IF;
  RETURN QUERY SELECT ${ORDERED_SETTINGS('saved')},
    EXISTS (SELECT 1 FROM thrive.push_subscriptions s WHERE s.token_hash = hash), freed;
END
$$;

-- push_subscribe: the settings saved, then the device's subscription replaces its earlier one.
CREATE OR REPLACE FUNCTION thrive.push_subscribe(hash text, key text, change jsonb, lang text,
  push_endpoint text, push_p256dh text, push_auth text)
RETURNS TABLE (settings json)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  DELETE FROM thrive.push_subscriptions s WHERE s.token_hash = hash;
  INSERT INTO thrive.push_subscriptions AS s (endpoint, token_hash, number_key, p256dh, auth, created_at)
  VALUES (push_endpoint, hash, key, push_p256dh, push_auth, now())
  ON CONFLICT (endpoint) DO UPDATE SET token_hash = excluded.token_hash, number_key = excluded.number_key,
    p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at;
  RETURN QUERY SELECT saved.settings FROM thrive.save_push_settings(hash, change, lang) AS saved;
END
$$;

-- The jobs due at a moment whose device token is still good, at most most of them, each leased for ${PUSH_LEASE.replace(/interval |'/g, '')}, with what sending needs: the
-- subscription, the device's settings and language, a reply's author and text, and an announcement (its texts and
-- urgent; null when withdrawn). By priority: a reply due is taken before the rest of a fan-out, and none above
-- max_priority is taken (a run started for a reply takes 0: no fan-out's push). Jobs past ${PUSH_MAX_ATTEMPTS} tries are not kept.
DROP FUNCTION IF EXISTS thrive.take_push_jobs(timestamptz, integer);
DROP FUNCTION IF EXISTS thrive.take_push_jobs(timestamptz, integer, integer);
CREATE FUNCTION thrive.take_push_jobs(at timestamptz, most integer, max_priority integer)
RETURNS TABLE (id bigint, kind text, payload json, expires_at text, attempts integer, endpoint text, p256dh text,
  auth text, settings json, language text, message_id text, staff_name text, text text, announcement json)
LANGUAGE sql VOLATILE AS $$
  WITH due AS (
    SELECT j.id FROM thrive.push_jobs j
    WHERE j.not_before <= at AND j.priority <= max_priority AND EXISTS (${LIVE_TOKEN('j.endpoint')})
    ORDER BY j.priority, j.not_before, j.id LIMIT most
    FOR UPDATE OF j SKIP LOCKED
  ), taken AS (
    UPDATE thrive.push_jobs j SET not_before = at + ${PUSH_LEASE}, held = false FROM due WHERE j.id = due.id
    RETURNING j.*
  )
  SELECT t.id, t.kind, t.payload, ${UTC_ISO('t.expires_at')},
    t.attempts, s.endpoint, s.p256dh, s.auth,
    ${ORDERED_SETTINGS(`(${DEFAULTS} || coalesce(p.settings, '{}'))`)},
    coalesce(p.language, 'en'), t.message_id::text, m.staff_name, m.text,
    CASE WHEN a.withdrawn_at IS NULL THEN json_build_object('id', a.id, 'title_en', a.title_en, 'body_en', a.body_en,
      'title_hi', a.title_hi, 'body_hi', a.body_hi, 'urgent', a.urgent) END
  FROM taken t
    JOIN thrive.push_subscriptions s ON s.endpoint = t.endpoint
    LEFT JOIN thrive.push_settings p ON p.token_hash = s.token_hash
    LEFT JOIN thrive.thread_messages m ON m.id = t.message_id
    LEFT JOIN thrive.announcements a ON a.id = t.announcement_id
  ORDER BY t.id
$$;

-- What became of a job: sent (its text notice pushed: thrive.text_pushed) or dropped (deleted), gone (its
-- subscription deleted, with its jobs), retry (one more try, at next_at) or delay (held until next_at: the quiet
-- hours' end, marked held).
CREATE OR REPLACE FUNCTION thrive.record_push(job bigint, push_endpoint text, verdict text, next_at timestamptz)
RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF verdict = 'sent' THEN
    PERFORM thrive.text_pushed(job);
  END IF;
  IF verdict = 'gone' THEN
    DELETE FROM thrive.push_subscriptions WHERE endpoint = push_endpoint;
  ELSIF verdict = 'retry' THEN
    UPDATE thrive.push_jobs SET attempts = attempts + 1, not_before = next_at WHERE id = job;
  ELSIF verdict = 'delay' THEN
    UPDATE thrive.push_jobs SET not_before = next_at, held = true WHERE id = job;
  ELSE
    DELETE FROM thrive.push_jobs WHERE id = job;
  END IF;
  RETURN verdict;
END
$$;

-- Every subscription of a device whose token is still good, with its settings and language, its parent's weekly
-- sessions, the programme's changes to them around now and the parent's confirmed reschedules, for reminders.
DROP FUNCTION IF EXISTS thrive.reminder_targets();
CREATE FUNCTION thrive.reminder_targets()
RETURNS TABLE (endpoint text, settings json, language text, sessions json, changes json, reschedules json)
LANGUAGE sql STABLE AS $$
  SELECT s.endpoint,
    ${ORDERED_SETTINGS(`(${DEFAULTS} || coalesce(p.settings, '{}'))`)},
    coalesce(p.language, 'en'),
    (SELECT coalesce(json_agg(json_build_object('weekday', x.weekday, 'time', x.start_time, 'facilitator', f.name)
       ORDER BY x.weekday, x.start_time), '[]'::json)
     FROM thrive.sessions x JOIN thrive.facilitators f ON f.id = x.facilitator_id WHERE x.parent_number = s.number_key),
    thrive.session_changes_of(s.number_key),
    ${confirmedReschedulesOf('s.number_key')}
  FROM thrive.push_subscriptions s LEFT JOIN thrive.push_settings p ON p.token_hash = s.token_hash
  WHERE EXISTS (${LIVE_TOKEN('s.endpoint')})
  ORDER BY s.endpoint
$$;

-- Queues the reminders due at a moment for one endpoint (due: [{ key, message, starts_at }]), each once: its key
-- is kept with the job. Forgets keys older than ${REMINDER_KEYS_KEPT.replace(/interval |'/g, '')}. How many were queued.
CREATE OR REPLACE FUNCTION thrive.queue_reminders(at timestamptz, push_endpoint text, due json)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  queued integer;
BEGIN
  WITH wanted AS (
    SELECT * FROM json_to_recordset(due) AS r(key text, message json, starts_at timestamptz)
  ), marked AS (
    INSERT INTO thrive.push_reminders_sent (endpoint, reminder_key, queued_at)
    SELECT push_endpoint, w.key, at FROM wanted w
    WHERE EXISTS (SELECT 1 FROM thrive.push_subscriptions s WHERE s.endpoint = push_endpoint)
    ON CONFLICT DO NOTHING
    RETURNING reminder_key
  )
  INSERT INTO thrive.push_jobs (endpoint, kind, payload, not_before, expires_at)
  SELECT push_endpoint, 'reminder', w.message, at, w.starts_at FROM wanted w JOIN marked m ON m.reminder_key = w.key;
  GET DIAGNOSTICS queued = ROW_COUNT;
  DELETE FROM thrive.push_reminders_sent WHERE queued_at < at - ${REMINDER_KEYS_KEPT};
  RETURN queued;
END
$$;
`;
}
