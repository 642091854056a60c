/**
 * Read receipts' part of n8n/schema.sql, both ways, kept as the reference server keeps them (server/db/migrations.ts,
 * migration 12; server/conversation/receipts.ts), with n8n's own moment for the programme's side:
 * - the programme has seen a parent's message when someone in Slack replies in its thread or adds a reaction to it
 *   (thrive.programme_saw, from the Slack events workflow): the newest such message is kept, with when it first was;
 * - the parent has read staff's replies when their phone's chat screen said so (mark_read), kept once with the first
 *   time the phone read that far, only while the device's read_receipts setting is on and the token is the parent's;
 * - each reply the parent has read is marked in Slack with a reaction (the conversation workflow adds it); one Slack
 *   has not yet taken is offered again at the parent's next mark_read.
 * Both go with the thread's messages they point at (retention, erasure).
 */
import { UTC_ISO } from './conversation-schema-sql.ts';

/** Replies a mark_read offers to Slack at most: the rest wait for the next. */
export const READ_MARKS_AT_ONCE = 20;

export function receiptsSchemaSql(): string {
  return `
-- Read receipts (n8n/thrive-slack-events.workflow.json records the programme's, n8n/thrive-conversation.workflow.json
-- the parent's). Generated from n8n/source/database/receipts-schema-sql.ts.

-- How far the programme has seen each parent's messages, and when it first saw that far.
CREATE TABLE IF NOT EXISTS thrive.thread_staff_seen (
  number_key text PRIMARY KEY,
  seen_through bigint NOT NULL REFERENCES thrive.thread_messages (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS thread_staff_seen_by_message ON thrive.thread_staff_seen (seen_through);

-- Each time a parent's phone read further than before: through which message, and when.
CREATE TABLE IF NOT EXISTS thrive.thread_parent_reads (
  number_key text NOT NULL,
  read_through bigint NOT NULL REFERENCES thrive.thread_messages (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (number_key, read_through)
);
CREATE INDEX IF NOT EXISTS thread_parent_reads_by_message ON thrive.thread_parent_reads (read_through);

-- Someone in Slack replied in the thread of the message with this ts in this channel (its id), or reacted to it: when
-- it is a parent's message, newer than the newest the programme had seen of theirs, it is the one seen from now.
-- 'seen', or 'unknown' when it is no parent's message.
CREATE OR REPLACE FUNCTION thrive.programme_saw(channel_id text, message_ts text)
RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  parent_message thrive.messages%ROWTYPE;
  line bigint;
BEGIN
  SELECT * INTO parent_message FROM thrive.messages m WHERE m.slack_channel = channel_id AND m.slack_ts = message_ts;
  IF NOT FOUND THEN
    RETURN 'unknown';
  END IF;
  PERFORM thrive.sync_thread(parent_message.phone_e164);
  SELECT t.id INTO line FROM thrive.thread_messages t WHERE t.request_id = parent_message.request_id;
  INSERT INTO thrive.thread_staff_seen AS s (number_key, seen_through, seen_at)
  VALUES (parent_message.phone_e164, line, now())
  ON CONFLICT (number_key) DO UPDATE SET seen_through = excluded.seen_through, seen_at = excluded.seen_at
    WHERE excluded.seen_through > s.seen_through;
  RETURN 'seen';
END
$$;

-- chat_thread's seen: { message_id, at }, or null until the programme has seen one of the parent's messages.
CREATE OR REPLACE FUNCTION thrive.seen_by_programme(key text)
RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('message_id', s.seen_through::text, 'at', ${UTC_ISO('s.seen_at')})
  FROM thrive.thread_staff_seen s WHERE s.number_key = key
$$;

-- mark_read (server/conversation/actions.ts, markRead): the phone of the device whose token's hash is hash, a token
-- of the number key, showed the thread through the message through at read_at, naming the parent claimed (phone_key
-- of the request's user). When claimed is the token's parent, the phone holds the thread that far: no text goes for
-- it (thrive.texts_seen_through). The read is kept when, besides, the device's read_receipts is on and it reads
-- further than before (an id past the thread's end counts as its last message), with read_at, never later than now:
-- recorded. marks: the replies the parent has read whose Slack message has no mark yet (oldest first, at most
-- ${READ_MARKS_AT_ONCE}), for the workflow to mark, with read receipts on.
DROP FUNCTION IF EXISTS thrive.mark_read(text, text, text, bigint, timestamptz);
CREATE FUNCTION thrive.mark_read(hash text, key text, claimed text, through bigint, read_at timestamptz)
RETURNS TABLE (recorded boolean, marks json)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last bigint;
  kept boolean := false;
BEGIN
  IF claimed = key THEN
    PERFORM thrive.texts_seen_through(key, through);
  END IF;
  IF claimed IS DISTINCT FROM key OR NOT (thrive.settings_of(hash)->>'read_receipts')::boolean THEN
    RETURN QUERY SELECT false, '[]'::json;
    RETURN;
  END IF;
  -- Reads of one parent arriving together are kept one after the other.
  PERFORM pg_advisory_xact_lock(hashtext('thread-reads:' || key));
  SELECT max(t.id) INTO last FROM thrive.thread_messages t WHERE t.number_key = key AND t.id <= through;
  IF last > coalesce((SELECT max(r.read_through) FROM thrive.thread_parent_reads r WHERE r.number_key = key), 0) THEN
    INSERT INTO thrive.thread_parent_reads (number_key, read_through, read_at) VALUES (key, last, least(read_at, now()));
    kept := true;
  END IF;
  RETURN QUERY SELECT kept, coalesce(json_agg(json_build_object('id', u.id::text, 'channel', u.slack_channel,
    'ts', u.slack_ts) ORDER BY u.id), '[]'::json)
  FROM (
    SELECT t.id, t.slack_channel, t.slack_ts FROM thrive.thread_messages t
    WHERE t.number_key = key AND t.author = 'staff' AND NOT t.event AND t.slack_ts IS NOT NULL
      AND t.read_marked_at IS NULL
      AND t.id <= (SELECT max(r.read_through) FROM thrive.thread_parent_reads r WHERE r.number_key = key)
    ORDER BY t.id LIMIT ${READ_MARKS_AT_ONCE}
  ) AS u;
END
$$;
`;
}
