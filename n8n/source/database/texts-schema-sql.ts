/**
 * Texts for notifications not seen: n8n/schema.sql's durable queue of them, as the reference server keeps it
 * (server/db/migrations.ts, migration 12; server/push/text-store.ts):
 * - a roster parent's notice is added in the transaction of what it tells: a facilitator's reply (a trigger on
 *   thrive.thread_messages), a staff answer to a request (thrive.record_outcome), an update (thrive.send_announcement);
 * - it is seen when the parent's phone read the thread past it (chat_thread, mark_read), opened the update, or (an
 *   outcome) was shown it by list_requests or accepted the offer; pushed once a push service accepted a push of it
 *   (thrive.record_push): no text goes for it then;
 * - the parent's settings saved from a phone (thrive.parent_settings) make their notices waiting for a later moment due
 *   now, to be decided again by them;
 * - Thrive texts takes the due notices under a lease, at most one of a parent at a time, so no two runs decide one
 *   parent's texts together (the day's limit counts what the other queued); it decides each by the shared rule
 *   (src/shared/push/text-fallback.ts) and records what became of it: skipped, held, queued for the gateway (which
 *   counts against the day's limit at once, but for an urgent update's), then texted, tried again later, or failed,
 *   by the parent's settings (those a phone of theirs saved last, kept with no phone signed in), in their language,
 *   else that of their latest request (thrive.request_language), else English.
 * A notice stays with its parent: erasure deletes it, retention deletes it with what it told, and removing the parent
 * from the roster (thrive.apply_roster_import) deletes those not yet texted.
 */
import { RESCHEDULE_ANSWERS } from '../../../server/requests/store.ts';
import { LIMIT_GROUP, TEXT_WAIT_MS } from '../../../src/shared/push/text-fallback.ts';
import { PROGRAMME_AUTHOR } from '../../../src/shared/push/text-templates.ts';
import { ORDERED_SETTINGS } from './push-schema-sql.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/webhook/push.ts';
import { UTC_ISO } from './conversation-schema-sql.ts';

/** How long a taken notice waits for its run to record it before another run may take it again. */
export const TEXT_LEASE = "interval '2 minutes'";
/** The setting of thrive.settings that holds the wait, in seconds (tests shorten it; the rule stays). */
export const TEXT_WAIT_SETTING = 'text_wait_seconds';

const KINDS = Object.keys(LIMIT_GROUP);
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const OPEN = "('waiting', 'queued')";
const DEFAULTS = `'${JSON.stringify(DEFAULT_NOTIFICATION_SETTINGS)}'::jsonb`;

export function textsSchemaSql(): string {
  return `
-- Texts for notifications not seen (n8n/thrive-texts.workflow.json). Generated from
-- n8n/source/database/texts-schema-sql.ts.

-- How long a notice waits to be seen before it is texted, in seconds (the rule's ${TEXT_WAIT_MS / 60_000} minutes).
INSERT INTO thrive.settings (name, value) VALUES ('${TEXT_WAIT_SETTING}', ${TEXT_WAIT_MS / 1000}) ON CONFLICT (name) DO NOTHING;

-- The queue, and how each notice reached its parent: waiting until decided, queued while the gateway has not taken
-- it, then texted, seen, pushed, limit (the day's text went already), off (the parent turned texts off) or failed.
-- due_at is when it is looked at next; leased_until, while a run has it.
CREATE TABLE IF NOT EXISTS thrive.text_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN (${list(KINDS)})),
  message_id bigint REFERENCES thrive.thread_messages (id) ON DELETE CASCADE,
  request_id text,
  announcement_id text,
  author text NOT NULL,
  urgent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'queued', 'texted', 'seen', 'pushed', 'limit', 'off', 'failed')),
  due_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  decided_at timestamptz,
  pushed_at timestamptz,
  texted_at timestamptz,
  leased_until timestamptz
);
CREATE INDEX IF NOT EXISTS text_notices_due ON thrive.text_notices (due_at) WHERE state IN ${OPEN};
CREATE INDEX IF NOT EXISTS text_notices_by_number ON thrive.text_notices (number_key, decided_at);
CREATE INDEX IF NOT EXISTS text_notices_by_message ON thrive.text_notices (message_id);
CREATE INDEX IF NOT EXISTS text_notices_by_created ON thrive.text_notices (created_at);

-- Which daily limit a kind counts against (src/shared/push/text-fallback.ts, LIMIT_GROUP).
CREATE OR REPLACE FUNCTION thrive.text_limit_group(kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind ${Object.entries(LIMIT_GROUP)
    .map(([kind, group]) => `WHEN '${kind}' THEN '${group}'`)
    .join(' ')} END
$$;

-- A facilitator's reply to a roster parent adds its notice, in the reply's transaction.
CREATE OR REPLACE FUNCTION thrive.text_notice_staff_reply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thrive.text_notices (number_key, kind, message_id, author, created_at, due_at)
  SELECT NEW.number_key, 'reply', NEW.id, coalesce(NEW.staff_name, '${PROGRAMME_AUTHOR}'), NEW.received_at,
    NEW.received_at
  WHERE EXISTS (SELECT 1 FROM thrive.parents p WHERE p.number = NEW.number_key);
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS text_notice_staff_reply ON thrive.thread_messages;
CREATE TRIGGER text_notice_staff_reply AFTER INSERT ON thrive.thread_messages
  FOR EACH ROW WHEN (NEW.author = 'staff' AND NOT NEW.event) EXECUTE FUNCTION thrive.text_notice_staff_reply();

-- A staff answer to a roster parent's request (its kind one of ${list(RESCHEDULE_ANSWERS)}), recorded with its event line
-- (line): the notice points at that line, so the thread read past it counts as seen.
CREATE OR REPLACE FUNCTION thrive.add_outcome_notice(key text, request text, answer_kind text, by_whom text,
  line bigint, at timestamptz) RETURNS void
LANGUAGE sql VOLATILE AS $$
  INSERT INTO thrive.text_notices (number_key, kind, message_id, request_id, author, created_at, due_at)
  SELECT key, 'request_update', line, request, coalesce(by_whom, '${PROGRAMME_AUTHOR}'), at, at
  WHERE answer_kind IN (${list(RESCHEDULE_ANSWERS)}) AND EXISTS (SELECT 1 FROM thrive.parents p WHERE p.number = key)
$$;

-- An update sent to its recipients adds a notice for each, from the programme.
CREATE OR REPLACE FUNCTION thrive.add_announcement_notices(announcement text, at timestamptz) RETURNS void
LANGUAGE sql VOLATILE AS $$
  INSERT INTO thrive.text_notices (number_key, kind, announcement_id, author, urgent, created_at, due_at)
  SELECT r.number_key, 'announcement', announcement, '${PROGRAMME_AUTHOR}', a.urgent, at, at
  FROM thrive.announcement_recipients r JOIN thrive.announcements a ON a.id = r.announcement_id
  WHERE r.announcement_id = announcement
$$;

-- The parent's phone holds the thread through the message through (chat_thread, mark_read): no text for what it holds.
CREATE OR REPLACE FUNCTION thrive.texts_seen_through(key text, through bigint) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE thrive.text_notices SET state = 'seen', decided_at = now()
  WHERE number_key = key AND state IN ${OPEN} AND message_id <= through
$$;

-- The parent saw these requests' outcomes (requests, a JSON array of request ids): list_requests showed them, or they
-- accepted the offer (thrive.record_outcome).
CREATE OR REPLACE FUNCTION thrive.texts_seen_requests(key text, requests jsonb) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE thrive.text_notices SET state = 'seen', decided_at = now()
  WHERE number_key = key AND kind = 'request_update' AND state IN ${OPEN}
    AND request_id IN (SELECT jsonb_array_elements_text(requests))
$$;

-- The parent's settings saved from a phone: their notices waiting for a later moment (the quiet hours' end, the wait)
-- are due now, for Thrive texts to decide again by them. A queued one's later moment is the gateway's backoff, and
-- stays.
DROP TRIGGER IF EXISTS texts_settings_saved ON thrive.push_settings;
CREATE OR REPLACE FUNCTION thrive.texts_settings_saved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE thrive.text_notices n SET due_at = now()
  WHERE n.number_key = NEW.number_key AND n.state = 'waiting' AND n.due_at > now();
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS texts_settings_saved ON thrive.parent_settings;
CREATE TRIGGER texts_settings_saved AFTER INSERT OR UPDATE ON thrive.parent_settings
  FOR EACH ROW EXECUTE FUNCTION thrive.texts_settings_saved();

-- The language a number uses the portal in, as its requests tell: that of its latest one, null before any (the
-- reference server's latestRequestLanguage, server/db/requests-table.ts). Texts are written in it when none of the
-- parent's phones saved settings.
CREATE INDEX IF NOT EXISTS requests_by_phone_key ON thrive.requests (thrive.phone_key(user_number), received_at);
CREATE OR REPLACE FUNCTION thrive.request_language(key text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT r.language FROM thrive.requests r WHERE thrive.phone_key(r.user_number) = key AND r.response_status = 200
  ORDER BY r.received_at DESC, r.claimed_at DESC LIMIT 1
$$;

-- The parent opened an update (mark_announcement_seen).
CREATE OR REPLACE FUNCTION thrive.text_seen_announcement(key text, announcement text) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE thrive.text_notices SET state = 'seen', decided_at = now()
  WHERE number_key = key AND announcement_id = announcement AND state IN ${OPEN}
$$;

-- A push service accepted the push job's push (before the job is deleted): its notice reached a working subscription.
CREATE OR REPLACE FUNCTION thrive.text_pushed(job bigint) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE thrive.text_notices n SET pushed_at = now()
  FROM thrive.push_jobs j JOIN thrive.push_subscriptions s ON s.endpoint = j.endpoint
  WHERE j.id = job AND n.number_key = s.number_key AND n.pushed_at IS NULL AND CASE j.kind
    WHEN 'reply' THEN n.message_id = j.message_id
    WHEN 'request_update' THEN n.kind = 'request_update' AND n.request_id = j.payload->>'request_id'
    WHEN 'announcement' THEN n.announcement_id = j.announcement_id
    ELSE false
  END
$$;

-- The notices due at a moment, at most one of each parent, each leased for ${TEXT_LEASE.replace(/interval |'/g, '')} (at most most parents),
-- with what deciding them needs: the parent's settings (thrive.parent_settings; the defaults before any) and language
-- (else their latest request's, else English), whether a push of it was accepted, the texts of its
-- limit group the parent was sent since India's midnight or has queued to send (a retry held over the quiet hours
-- counts on the day it is sent; an urgent update's count against nothing),
-- and the wait. A parent whose notice another run holds is left to that run, so no two runs
-- decide one parent's texts at once (the parent's lock makes the second wait for the first's lease).
DROP FUNCTION IF EXISTS thrive.take_text_notices(timestamptz, integer);
CREATE FUNCTION thrive.take_text_notices(at timestamptz, most integer)
RETURNS TABLE (id bigint, number_key text, kind text, announcement_id text, author text, urgent boolean,
  created_at text, state text, attempts integer, pushed boolean, settings json, language text, texted_today integer,
  wait_seconds integer)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  parent text;
  one bigint;
  taken bigint[] := '{}';
BEGIN
  FOR parent IN
    SELECT n.number_key FROM thrive.text_notices n
    WHERE n.state IN ${OPEN} AND n.due_at <= at
      AND NOT EXISTS (SELECT 1 FROM thrive.text_notices o WHERE o.number_key = n.number_key
        AND o.leased_until > clock_timestamp())
    GROUP BY n.number_key ORDER BY min(n.due_at) LIMIT most
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext('text-notices:' || parent));
    CONTINUE WHEN EXISTS (SELECT 1 FROM thrive.text_notices o WHERE o.number_key = parent
      AND o.leased_until > clock_timestamp());
    UPDATE thrive.text_notices n SET leased_until = clock_timestamp() + ${TEXT_LEASE}
    WHERE n.id = (SELECT o.id FROM thrive.text_notices o WHERE o.number_key = parent AND o.state IN ${OPEN}
      AND o.due_at <= at ORDER BY o.due_at, o.id LIMIT 1)
    RETURNING n.id INTO one;
    IF one IS NOT NULL THEN
      taken := taken || one;
    END IF;
  END LOOP;
  RETURN QUERY
  SELECT n.id, n.number_key, n.kind, n.announcement_id, n.author, n.urgent, ${UTC_ISO('n.created_at')}, n.state,
    n.attempts, n.pushed_at IS NOT NULL,
    ${ORDERED_SETTINGS(`(${DEFAULTS} || coalesce(ps.settings, '{}'))`)},
    coalesce(ps.language, thrive.request_language(n.number_key), 'en'),
    (SELECT count(*) FROM thrive.text_notices o WHERE o.number_key = n.number_key AND NOT o.urgent
      AND (o.state = 'queued' OR (o.state = 'texted'
        AND o.texted_at >= (date_trunc('day', at AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')))
      AND thrive.text_limit_group(o.kind) = thrive.text_limit_group(n.kind))::int,
    (SELECT s.value FROM thrive.settings s WHERE s.name = '${TEXT_WAIT_SETTING}')
  FROM thrive.text_notices n
  LEFT JOIN thrive.parent_settings ps ON ps.number_key = n.number_key
  WHERE n.id = ANY (taken)
  ORDER BY n.due_at, n.id;
END
$$;

-- A taken notice decided: 'send' queues it (it counts against the day's limit from now, whatever the gateway says)
-- and answers true; 'hold' makes it due again at next_at; 'off', 'seen', 'pushed' or 'limit' is why it is not
-- texted. false, and nothing changed, for a notice seen or erased since it was taken.
CREATE OR REPLACE FUNCTION thrive.decide_text(notice bigint, verdict text, next_at timestamptz, at timestamptz)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF verdict = 'send' THEN
    UPDATE thrive.text_notices SET state = 'queued',
      decided_at = CASE WHEN state = 'waiting' THEN at ELSE decided_at END
    WHERE id = notice AND state IN ${OPEN};
    RETURN FOUND;
  END IF;
  UPDATE thrive.text_notices SET leased_until = NULL,
    due_at = CASE WHEN verdict = 'hold' THEN next_at ELSE due_at END,
    state = CASE WHEN verdict = 'hold' THEN state ELSE verdict END,
    decided_at = CASE WHEN verdict = 'hold' THEN decided_at ELSE at END
  WHERE id = notice AND state IN ${OPEN};
  RETURN false;
END
$$;

-- What the gateway did with a queued text: took it (texted), or not: tried again at next_at, or failed when next_at
-- is null (its last try). The notice's state after.
CREATE OR REPLACE FUNCTION thrive.record_text(notice bigint, sent boolean, next_at timestamptz, at timestamptz)
RETURNS text
LANGUAGE sql VOLATILE AS $$
  UPDATE thrive.text_notices SET attempts = attempts + 1, leased_until = NULL,
    state = CASE WHEN sent THEN 'texted' WHEN next_at IS NULL THEN 'failed' ELSE state END,
    texted_at = CASE WHEN sent THEN at ELSE texted_at END,
    decided_at = CASE WHEN NOT sent AND next_at IS NULL THEN at ELSE decided_at END,
    due_at = CASE WHEN NOT sent AND next_at IS NOT NULL THEN next_at ELSE due_at END
  WHERE id = notice
  RETURNING state
$$;
`;
}
