/**
 * Announcements' part of n8n/schema.sql, as the reference server keeps them (server/db/migrations.ts, migration
 * 11; server/announcements/store.ts):
 * - an announcement is sent once its time has come, in one transaction: its recipients are the roster as it is
 *   then, and a push job is queued for every subscribed device of theirs behind any reply (priority 1), so a
 *   fan-out never starves a reply;
 * - withdrawing one takes it off every parent's list and deletes its pushes not yet sent, in one transaction, which
 *   for a session change also sends its parents whose session is still ahead an update saying it is back;
 * - a parent's first opening is kept (seen_at), later ones change nothing;
 * - a session change is one row per parent and occurrence, which know_schedule and the reminders follow while its
 *   announcement stands;
 * - the staff channel's post of each (its intent written before it is posted, its ts once Slack gives it, and
 *   what it last showed), so a crashed post is looked for before it is posted again and the seen count is updated
 *   only when it changed (decision 0012).
 */

/** An announcement's pushes wait behind every other push that is due (0). */
export const ANNOUNCEMENT_PRIORITY = 1;
/** How long a post's intent, or an update's lease, is taken to be at work before another run takes it over. */
export const POST_STALE = "interval '2 minutes'";

/** A session change's row as parent-view.ts reads it (SessionChangeRow, with its reason): c, its announcement a. */
const CHANGE_ROW = `json_build_object('announcement_id', c.announcement_id, 'starts_at', c.starts_at,
    'facilitator', c.facilitator, 'moved_to', c.moved_to, 'reason', a.reason)`;
/** Within 8 days of now either way: India's week of now, whatever the day. */
const NEAR = (at: string) => `${at}::timestamptz BETWEEN now() - interval '8 days' AND now() + interval '8 days'`;

export function announcementsSchemaSql(): string {
  return `
-- Announcements and session changes (n8n/thrive-announcements.workflow.json's Slack form, the portal's
-- list_announcements and mark_announcement_seen, n8n/thrive-push.workflow.json's fan-out).
-- Generated from n8n/source/database/announcements-schema-sql.ts.

-- What staff sent: texts in English, Hindi or both; the audience as chosen (resolved when it is sent); its staff
-- channel post (slack_ts once posted; post_intended_at before; posted_state: what the post last showed).
CREATE TABLE IF NOT EXISTS thrive.announcements (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('announcement', 'cancelled', 'moved')),
  title_en text,
  body_en text,
  title_hi text,
  body_hi text,
  audience jsonb NOT NULL,
  audience_label text NOT NULL,
  send_at timestamptz NOT NULL,
  urgent boolean NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  withdrawn_at timestamptz,
  reason text,
  slack_channel text,
  slack_ts text,
  post_intended_at timestamptz,
  posted_state text,
  post_lease timestamptz,
  CHECK ((title_en IS NULL) = (body_en IS NULL) AND (title_hi IS NULL) = (body_hi IS NULL)),
  CHECK (title_en IS NOT NULL OR title_hi IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS announcements_due ON thrive.announcements (send_at)
  WHERE sent_at IS NULL AND withdrawn_at IS NULL;

CREATE TABLE IF NOT EXISTS thrive.announcement_recipients (
  announcement_id text NOT NULL REFERENCES thrive.announcements (id) ON DELETE CASCADE,
  number_key text NOT NULL,
  name text NOT NULL,
  seen_at timestamptz,
  PRIMARY KEY (announcement_id, number_key)
);
CREATE INDEX IF NOT EXISTS announcement_recipients_by_number ON thrive.announcement_recipients (number_key);

-- One parent's occurrence changed: cancelled (moved_to null) or moved. Starts are ISO 8601 with +05:30, as the
-- shared schedule rules compare them.
CREATE TABLE IF NOT EXISTS thrive.session_changes (
  announcement_id text NOT NULL REFERENCES thrive.announcements (id) ON DELETE CASCADE,
  number_key text NOT NULL,
  starts_at text NOT NULL,
  facilitator text NOT NULL,
  moved_to text,
  PRIMARY KEY (announcement_id, number_key, starts_at)
);
CREATE INDEX IF NOT EXISTS session_changes_by_number ON thrive.session_changes (number_key, starts_at);

-- Who an audience is on the roster now: everyone, one facilitator's parents, one weekly session's, or chosen ones.
CREATE OR REPLACE FUNCTION thrive.audience_of(audience jsonb)
RETURNS TABLE (number_key text, name text)
LANGUAGE sql STABLE AS $$
  SELECT p.number, p.name FROM thrive.parents p
  WHERE CASE audience->>'kind'
    WHEN 'all' THEN true
    WHEN 'facilitator' THEN p.facilitator_id = audience->>'id'
    WHEN 'session' THEN EXISTS (SELECT 1 FROM thrive.sessions s WHERE s.parent_number = p.number
      AND s.weekday = (audience->>'weekday')::int AND s.start_time = audience->>'time'
      AND s.facilitator_id = audience->>'facilitator')
    WHEN 'parents' THEN p.number IN (SELECT jsonb_array_elements_text(audience->'numbers'))
    ELSE false
  END
  ORDER BY p.name
$$;

-- Sends one announcement (in the caller's transaction): its recipients, its time, a push for each of their
-- devices behind the replies, a text notice for each of them (thrive.add_announcement_notices). How many parents it
-- reached.
CREATE OR REPLACE FUNCTION thrive.send_announcement(announcement text, at timestamptz)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  reached integer;
BEGIN
  INSERT INTO thrive.announcement_recipients (announcement_id, number_key, name)
    SELECT announcement, r.number_key, r.name
    FROM thrive.announcements a, thrive.audience_of(a.audience) r WHERE a.id = announcement
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS reached = ROW_COUNT;
  UPDATE thrive.announcements SET sent_at = at WHERE id = announcement;
  INSERT INTO thrive.push_jobs (endpoint, kind, announcement_id, not_before, created_at, priority)
    SELECT s.endpoint, 'announcement', announcement, at, at, ${ANNOUNCEMENT_PRIORITY}
    FROM thrive.announcement_recipients r JOIN thrive.push_subscriptions s ON s.number_key = r.number_key
    WHERE r.announcement_id = announcement;
  PERFORM thrive.add_announcement_notices(announcement, at);
  RETURN reached;
END
$$;

-- Sends every announcement whose time has come, each once (a row lock; a copy running beside skips it). How many.
CREATE OR REPLACE FUNCTION thrive.send_due_announcements(at timestamptz)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  due text;
  sent integer := 0;
BEGIN
  FOR due IN SELECT a.id FROM thrive.announcements a
    WHERE a.sent_at IS NULL AND a.withdrawn_at IS NULL AND a.send_at <= at ORDER BY a.send_at
    FOR UPDATE SKIP LOCKED
  LOOP
    PERFORM thrive.send_announcement(due, at);
    sent := sent + 1;
  END LOOP;
  RETURN sent;
END
$$;

-- Stores an announcement (item: its fields as the Slack form's check wrote them) with its session changes
-- (changes: [{ number_key, starts_at, facilitator, moved_to }]) and its post's intent; one whose time has come
-- is sent in the same transaction. Its id, and how many parents it reached (the audience now, when scheduled).
CREATE OR REPLACE FUNCTION thrive.create_announcement(item jsonb, changes json, at timestamptz)
RETURNS TABLE (id text, parents integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  new_id text := encode(gen_random_bytes(12), 'hex');
  send_time timestamptz := coalesce((item->>'send_at')::timestamptz, at);
BEGIN
  INSERT INTO thrive.announcements (id, kind, title_en, body_en, title_hi, body_hi, audience, audience_label,
    send_at, urgent, created_by, created_at, reason, post_intended_at)
  VALUES (new_id, item->>'kind', item->>'title_en', item->>'body_en', item->>'title_hi', item->>'body_hi',
    item->'audience', item->>'audience_label', send_time, (item->>'urgent')::boolean, item->>'created_by', at,
    item->>'reason', at);
  INSERT INTO thrive.session_changes (announcement_id, number_key, starts_at, facilitator, moved_to)
    SELECT new_id, c.number_key, c.starts_at, c.facilitator, c.moved_to
    FROM json_to_recordset(changes) AS c(number_key text, starts_at text, facilitator text, moved_to text)
    ON CONFLICT DO NOTHING;
  IF send_time <= at THEN
    RETURN QUERY SELECT new_id, thrive.send_announcement(new_id, at);
  ELSE
    RETURN QUERY SELECT new_id, (SELECT count(*)::int FROM thrive.audience_of(item->'audience'));
  END IF;
END
$$;

-- Staff withdraw an announcement (its post's button): it leaves every parent's list (and a session change's schedule),
-- and its pushes and texts not yet sent are deleted, in one transaction. Whether it was standing.
CREATE OR REPLACE FUNCTION thrive.withdraw_announcement(announcement text, at timestamptz)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE thrive.announcements SET withdrawn_at = at WHERE id = announcement AND withdrawn_at IS NULL;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM thrive.push_jobs WHERE announcement_id = announcement;
  -- A text would link parents to an update they can no longer open.
  DELETE FROM thrive.text_notices WHERE announcement_id = announcement AND state IN ('waiting', 'queued');
  RETURN true;
END
$$;

-- Staff withdraw an announcement (thrive.withdraw_announcement) and, when it was standing and a follow-up is given
-- (an item as thrive.create_announcement takes it: the update telling a session change's parents their session is
-- back, src/shared/announcements/withdrawal.ts), send that in the same transaction. Whether it was withdrawn, and the
-- follow-up's id and how many parents it reached (null when none was sent).
CREATE OR REPLACE FUNCTION thrive.withdraw_change(announcement text, follow_up jsonb, at timestamptz)
RETURNS TABLE (withdrawn boolean, id text, parents integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT thrive.withdraw_announcement(announcement, at) THEN
    RETURN QUERY SELECT false, NULL::text, NULL::integer;
  ELSIF jsonb_typeof(follow_up) = 'object' THEN
    RETURN QUERY SELECT true, c.id, c.parents FROM thrive.create_announcement(follow_up, '[]'::json, at) c;
  ELSE
    RETURN QUERY SELECT true, NULL::text, NULL::integer;
  END IF;
END
$$;

-- One parent's announcements, newest first (sent, not withdrawn), with whether they opened each and, for a
-- session change, its first occurrence of theirs; the due ones are sent first, so a list is never behind the clock.
CREATE OR REPLACE FUNCTION thrive.parent_announcements(key text, at timestamptz)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM thrive.send_due_announcements(at);
  RETURN (SELECT coalesce(json_agg(json_build_object('id', a.id, 'kind', a.kind, 'title_en', a.title_en,
      'body_en', a.body_en, 'title_hi', a.title_hi, 'body_hi', a.body_hi, 'sent_at', a.sent_at, 'urgent', a.urgent,
      'seen', r.seen_at IS NOT NULL, 'reason', a.reason, 'change', (SELECT json_build_object('starts_at', c.starts_at,
        'facilitator', c.facilitator, 'moved_to', c.moved_to) FROM thrive.session_changes c
        WHERE c.announcement_id = a.id AND c.number_key = key ORDER BY c.starts_at LIMIT 1))
      ORDER BY a.sent_at DESC, a.created_at DESC), '[]'::json)
    FROM thrive.announcements a JOIN thrive.announcement_recipients r ON r.announcement_id = a.id
    WHERE r.number_key = key AND a.sent_at IS NOT NULL AND a.withdrawn_at IS NULL);
END
$$;

-- A parent opened one of their announcements: the first opening is kept, later ones change nothing, and no text
-- goes for it. Whether it is (still) theirs.
CREATE OR REPLACE FUNCTION thrive.mark_announcement_seen(key text, announcement text, at timestamptz)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE thrive.announcement_recipients r SET seen_at = coalesce(r.seen_at, at)
  WHERE r.announcement_id = announcement AND r.number_key = key AND EXISTS (SELECT 1 FROM thrive.announcements a
    WHERE a.id = announcement AND a.sent_at IS NOT NULL AND a.withdrawn_at IS NULL);
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM thrive.text_seen_announcement(key, announcement);
  RETURN true;
END
$$;

-- A number's session changes standing whose occurrence or new time is within 8 days of now, with their reason:
-- what know_schedule and the reminders apply (src/shared/announcements/parent-view.ts keeps India's week of them).
CREATE OR REPLACE FUNCTION thrive.session_changes_of(key text)
RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(${CHANGE_ROW} ORDER BY c.starts_at), '[]'::json)
  FROM thrive.session_changes c JOIN thrive.announcements a ON a.id = c.announcement_id
  WHERE c.number_key = key AND a.withdrawn_at IS NULL AND (${NEAR('c.starts_at')} OR ${NEAR('c.moved_to')})
$$;

-- A number's sent session changes that staff withdrew, whose occurrence is within 8 days of now, with their reason:
-- know_schedule puts their calendar events back (parent-view.ts keeps India's week of them, as restored).
CREATE OR REPLACE FUNCTION thrive.withdrawn_changes_of(key text)
RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(${CHANGE_ROW} ORDER BY a.withdrawn_at), '[]'::json)
  FROM thrive.session_changes c JOIN thrive.announcements a ON a.id = c.announcement_id
  WHERE c.number_key = key AND a.withdrawn_at IS NOT NULL AND a.sent_at IS NOT NULL AND ${NEAR('c.starts_at')}
$$;

-- The staff channel's posts to make or update: a post whose intent is older than ${POST_STALE.replace(/interval |'/g, '')} and has no ts (its
-- execution died: look in the staff channel first, known by the id Slack gave an earlier post), and a post whose counts or state changed since it last
-- showed them; each leased, so two runs never update one post at once. How it reached its parents is their text
-- notices' (texts-schema-sql.ts): pushed once a push service accepted a push of it, texted once the gateway took the
-- text. PL/pgSQL, so it may name thrive.text_notices, which the texts' part of the schema makes later.
DROP FUNCTION IF EXISTS thrive.posts_to_sync(timestamptz, integer);
CREATE FUNCTION thrive.posts_to_sync(at timestamptz, most integer)
RETURNS TABLE (id text, kind text, title text, audience_label text, urgent boolean, created_by text,
  send_at timestamptz, sent_at timestamptz, withdrawn_at timestamptz, recipients integer, seen integer,
  pushed integer, texted integer, slack_channel text, slack_ts text, intended_at timestamptz, known_channel text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH counted AS (
    SELECT a.id, count(r.number_key)::int AS recipients, count(r.seen_at)::int AS seen,
      count(n.pushed_at)::int AS pushed, count(n.texted_at)::int AS texted
    FROM thrive.announcements a LEFT JOIN thrive.announcement_recipients r ON r.announcement_id = a.id
    LEFT JOIN thrive.text_notices n ON n.announcement_id = r.announcement_id AND n.number_key = r.number_key
    WHERE a.post_intended_at IS NOT NULL AND (a.post_lease IS NULL OR a.post_lease < at)
      AND (a.slack_ts IS NOT NULL OR a.post_intended_at < at - ${POST_STALE})
    GROUP BY a.id
  ), due AS (
    SELECT a.id FROM thrive.announcements a JOIN counted c ON c.id = a.id
    WHERE a.slack_ts IS NULL OR a.posted_state IS DISTINCT FROM
      concat_ws('/', c.seen, c.recipients, c.pushed, c.texted, a.sent_at IS NOT NULL, a.withdrawn_at IS NOT NULL)
    ORDER BY a.created_at LIMIT most
    FOR UPDATE OF a SKIP LOCKED
  )
  UPDATE thrive.announcements a SET post_lease = at + ${POST_STALE} FROM due, counted c
  WHERE a.id = due.id AND c.id = due.id
  RETURNING a.id, a.kind, coalesce(a.title_en, a.title_hi), a.audience_label, a.urgent, a.created_by, a.send_at,
    a.sent_at, a.withdrawn_at, c.recipients, c.seen, c.pushed, c.texted, a.slack_channel, a.slack_ts,
    a.post_intended_at, (SELECT k.slack_channel FROM thrive.announcements k WHERE k.slack_channel IS NOT NULL LIMIT 1);
END
$$;

-- A post's result, kept as soon as Slack gives it (or a look in the channel finds it), with what it shows now;
-- Slack's refusal (its error, '' when it posted) keeps nothing and fails the step, as the portal's posts do.
CREATE OR REPLACE FUNCTION thrive.keep_announcement_post(announcement text, refusal text, channel_id text,
  post_ts text, shown text)
RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF refusal <> '' THEN
    RAISE EXCEPTION 'Slack did not post or update the announcement %: %', announcement, refusal;
  END IF;
  UPDATE thrive.announcements SET slack_channel = coalesce(nullif(channel_id, ''), slack_channel),
    slack_ts = coalesce(nullif(post_ts, ''), slack_ts), posted_state = shown, post_lease = NULL
  WHERE id = announcement;
  RETURN announcement;
END
$$;
`;
}
