/**
 * The conversation's and housekeeping's part of n8n/schema.sql:
 * sign-in codes and the requests for them, parents' tokens, the thread, and
 * the functions whose steps must run under a lock. Every limit and lifetime
 * is the reference server's constant (server/conversation/policy.ts), and
 * the phone rule is the portal's (src/shared/rules/phone.ts). Codes are kept
 * as bcrypt hashes and tokens as SHA-256, with pgcrypto, so no Code node needs
 * node:crypto.
 */
import {
  CODE_LIMITS,
  CODE_MAX_TRIES,
  CODE_MAX_TRIES_IN_ALL,
  CODE_TRIES_PER_ADDRESS,
  THREAD_PAGE_SIZE,
} from '../../../server/conversation/policy.ts';
import { E164, INDIA_PREFIX, INDIAN_MOBILE, SEPARATORS } from '../../../src/shared/rules/phone.ts';

/** Postgres's interval for a number of milliseconds, in minutes. */
export const minutes = (ms: number) => `interval '${ms / 60_000} minutes'`;

/** A moment as the reference server writes one (toISOString()): ISO 8601 in UTC, to the millisecond. */
export const UTC_ISO = (at: string) => `to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How the thread's times read in the answer: ISO 8601 in India (no daylight saving, so always +05:30). */
export const IST_ISO = (at: string) =>
  `to_char(${at} AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD"T"HH24:MI:SS.MS') || '+05:30'`;

/** Who a reply is from when its parent has no facilitator on the roster (chats from such numbers go to the team). */
export const TEAM_AUTHOR = 'Programme team';

export function conversationSchemaSql(): string {
  const { perNumber, perAddress } = CODE_LIMITS;
  return `
-- The two-way conversation (n8n/thrive-conversation.workflow.json, thrive-slack-events.workflow.json).
-- Generated from n8n/source/database/conversation-schema-sql.ts. Codes are bcrypt hashes, tokens SHA-256 (pgcrypto).
CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- One spelling per phone number, as the portal's phoneKey(): separators dropped, a 10-digit Indian mobile given
-- its +91; NULL when what is left is not a phone number.
CREATE OR REPLACE FUNCTION thrive.phone_key(raw text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN compact ~ '${INDIAN_MOBILE.source}' THEN '${INDIA_PREFIX}' || compact
    WHEN compact ~ '${E164.source}' THEN compact
  END
  FROM (SELECT regexp_replace(raw, '${SEPARATORS.source}', '', 'g') AS compact) AS typed
$$;

-- One live code per number: a new one replaces the last. tries counts every check of it, right or wrong, from any
-- address; name_key is the name it was sent for, as the roster matches names (nameKey). name_key comes last, where
-- ALTER TABLE puts it in a database made before it, so both have the same columns in the same order.
CREATE TABLE IF NOT EXISTS thrive.sign_in_codes (
  number_key text PRIMARY KEY,
  code_hash text NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  name_key text NOT NULL DEFAULT ''
);
-- Codes made before codes were bound to a name have none, and so work for none: the parent asks for a new one.
ALTER TABLE thrive.sign_in_codes ADD COLUMN IF NOT EXISTS name_key text NOT NULL DEFAULT '';

-- Every verify_code, kept a day: the tries per address (at most ${CODE_TRIES_PER_ADDRESS.max} in ${CODE_TRIES_PER_ADDRESS.windowMs / 60_000} minutes) and each address's
-- tries at a number's code. address is '' when no reverse proxy said it.
CREATE TABLE IF NOT EXISTS thrive.code_tries (
  number_key text NOT NULL,
  address text NOT NULL,
  tried_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS code_tries_by_address ON thrive.code_tries (address, tried_at);
CREATE INDEX IF NOT EXISTS code_tries_by_number ON thrive.code_tries (number_key, address, tried_at);

-- Codes asked for, kept a day for the limits per number and per address.
CREATE TABLE IF NOT EXISTS thrive.code_requests (
  number_key text NOT NULL,
  address text NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS code_requests_by_number ON thrive.code_requests (number_key, requested_at);
CREATE INDEX IF NOT EXISTS code_requests_by_address ON thrive.code_requests (address, requested_at);

-- Verified devices: only each token's SHA-256 is kept.
CREATE TABLE IF NOT EXISTS thrive.parent_tokens (
  token_hash text PRIMARY KEY,
  number_key text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS parent_tokens_by_number ON thrive.parent_tokens (number_key);

-- Each parent's thread in the order the portal reads it: their chat messages (copied from thrive.messages once
-- posted to Slack) and facilitators' replies (Slack thread replies, one per Slack event). The id is the cursor.
CREATE TABLE IF NOT EXISTS thrive.thread_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number_key text NOT NULL,
  author text NOT NULL CHECK (author IN ('parent', 'staff')),
  request_id text UNIQUE,
  slack_event_id text UNIQUE,
  staff_name text,
  text text NOT NULL,
  -- ISO 8601 with its offset: the parent's timestamp_ist, or the reply's time in India.
  sent_at text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS thread_by_number ON thrive.thread_messages (number_key, id);
-- An event line (what became of a request: thrive.record_outcome) is stored as the programme's, marked event.
ALTER TABLE thrive.thread_messages ADD COLUMN IF NOT EXISTS event boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS thread_by_received ON thrive.thread_messages (received_at);
-- A facilitator's reply keeps its Slack message (the channel's id and its ts), where the parent's read of it is marked
-- (read_marked_at once Slack has the mark: database/receipts-schema-sql.ts).
ALTER TABLE thrive.thread_messages ADD COLUMN IF NOT EXISTS slack_channel text;
ALTER TABLE thrive.thread_messages ADD COLUMN IF NOT EXISTS slack_ts text;
ALTER TABLE thrive.thread_messages ADD COLUMN IF NOT EXISTS read_marked_at timestamptz;

-- Counts one request for a code, unless the number (${perNumber.max} in ${perNumber.windowMs / 60_000} minutes) or the address
-- (${perAddress.max} in ${perAddress.windowMs / 60_000} minutes) is over its limit: then 'number' or 'address', and the seconds until the
-- oldest request leaves the window. The locks make requests arriving together count one after another. An
-- unknown address (NULL: no reverse proxy said it) is limited per number only.
CREATE OR REPLACE FUNCTION thrive.take_code_request(key text, from_address text)
RETURNS TABLE (verdict text, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counted integer;
  oldest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('code-number:' || key));
  IF from_address IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('code-address:' || from_address));
  END IF;
  SELECT count(*), min(requested_at) INTO counted, oldest FROM thrive.code_requests
    WHERE number_key = key AND requested_at > clock_timestamp() - ${minutes(perNumber.windowMs)};
  IF counted >= ${perNumber.max} THEN
    RETURN QUERY SELECT 'number'::text,
      greatest(1, ceil(extract(epoch FROM oldest + ${minutes(perNumber.windowMs)} - clock_timestamp())))::integer;
    RETURN;
  END IF;
  SELECT count(*), min(requested_at) INTO counted, oldest FROM thrive.code_requests
    WHERE address = from_address AND requested_at > clock_timestamp() - ${minutes(perAddress.windowMs)};
  IF from_address IS NOT NULL AND counted >= ${perAddress.max} THEN
    RETURN QUERY SELECT 'address'::text,
      greatest(1, ceil(extract(epoch FROM oldest + ${minutes(perAddress.windowMs)} - clock_timestamp())))::integer;
    RETURN;
  END IF;
  INSERT INTO thrive.code_requests (number_key, address, requested_at)
    VALUES (key, coalesce(from_address, ''), clock_timestamp());
  RETURN QUERY SELECT 'allowed'::text, NULL::integer;
END
$$;

-- One verify_code, as the reference server's (server/conversation/actions.ts, verifyCode): the try is counted
-- before the code is compared, under the number's and the address's locks, so tries arriving together all count.
-- 'address': this address made ${CODE_TRIES_PER_ADDRESS.max} tries in ${CODE_TRIES_PER_ADDRESS.windowMs / 60_000} minutes (whatever the numbers), retry_after seconds; an unknown
-- address (NULL) has no such limit, and its tries count as one address's. 'none': no code for this number and
-- name, or it expired (then it is deleted). 'ended': ${CODE_MAX_TRIES} wrong tries from this address, or ${CODE_MAX_TRIES_IN_ALL} in all (then
-- the code is deleted): so a stranger ends the code for the stranger's address, not for the parent's. 'wrong',
-- with the tries left (the fewer of this address's and all). 'right', with the code's hash, for "Use code".
CREATE OR REPLACE FUNCTION thrive.try_code(key text, for_name text, from_address text, typed text)
RETURNS TABLE (verdict text, tries_left integer, code_hash text, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  here text := coalesce(from_address, '');
  counted integer;
  oldest timestamptz;
  code thrive.sign_in_codes%ROWTYPE;
  from_here integer;
  in_all integer;
  left_here integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('code-try-number:' || key));
  IF from_address IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('code-try-address:' || from_address));
    SELECT count(*), min(tried_at) INTO counted, oldest FROM thrive.code_tries
      WHERE address = from_address AND tried_at > clock_timestamp() - ${minutes(CODE_TRIES_PER_ADDRESS.windowMs)};
    IF counted >= ${CODE_TRIES_PER_ADDRESS.max} THEN
      RETURN QUERY SELECT 'address'::text, NULL::integer, NULL::text,
        greatest(1, ceil(extract(epoch FROM oldest + ${minutes(CODE_TRIES_PER_ADDRESS.windowMs)} - clock_timestamp())))::integer;
      RETURN;
    END IF;
  END IF;
  INSERT INTO thrive.code_tries (number_key, address, tried_at) VALUES (key, here, clock_timestamp());
  SELECT * INTO code FROM thrive.sign_in_codes s WHERE s.number_key = key FOR UPDATE;
  IF NOT FOUND OR code.name_key <> for_name THEN
    RETURN QUERY SELECT 'none'::text, NULL::integer, NULL::text, NULL::integer;
    RETURN;
  END IF;
  IF code.expires_at <= now() THEN
    DELETE FROM thrive.sign_in_codes s WHERE s.number_key = key;
    RETURN QUERY SELECT 'none'::text, NULL::integer, NULL::text, NULL::integer;
    RETURN;
  END IF;
  SELECT count(*) INTO from_here FROM thrive.code_tries t
    WHERE t.number_key = key AND t.address = here AND t.tried_at >= code.created_at;
  IF from_here > ${CODE_MAX_TRIES} THEN
    RETURN QUERY SELECT 'ended'::text, 0, NULL::text, NULL::integer;
    RETURN;
  END IF;
  UPDATE thrive.sign_in_codes s SET tries = s.tries + 1 WHERE s.number_key = key RETURNING s.tries INTO in_all;
  IF in_all > ${CODE_MAX_TRIES_IN_ALL} THEN
    RETURN QUERY SELECT 'ended'::text, 0, NULL::text, NULL::integer;
    RETURN;
  END IF;
  IF code.code_hash = crypt(typed, code.code_hash) THEN
    RETURN QUERY SELECT 'right'::text, NULL::integer, code.code_hash, NULL::integer;
    RETURN;
  END IF;
  left_here := least(greatest(0, ${CODE_MAX_TRIES} - from_here), greatest(0, ${CODE_MAX_TRIES_IN_ALL} - in_all));
  IF left_here > 0 THEN
    RETURN QUERY SELECT 'wrong'::text, left_here, NULL::text, NULL::integer;
    RETURN;
  END IF;
  IF in_all >= ${CODE_MAX_TRIES_IN_ALL} THEN
    DELETE FROM thrive.sign_in_codes s WHERE s.number_key = key AND s.code_hash = code.code_hash;
  END IF;
  RETURN QUERY SELECT 'ended'::text, 0, NULL::text, NULL::integer;
END
$$;

-- Copies the number's chat messages posted to Slack since the last call into its thread, in the order they were
-- stored. Under the thread's lock: ids of one thread are taken in order, so a cursor never skips a message.
CREATE OR REPLACE FUNCTION thrive.sync_thread(key text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('thread:' || key));
  INSERT INTO thrive.thread_messages (number_key, author, request_id, text, sent_at, received_at)
  SELECT key, 'parent', m.request_id, m.text, coalesce(r.timestamp_ist, ${IST_ISO('m.created_at')}), m.created_at
  FROM thrive.messages m LEFT JOIN thrive.requests r ON r.request_id = m.request_id
  WHERE m.phone_e164 = key AND m.slack_ts IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM thrive.thread_messages t WHERE t.request_id = m.request_id)
  ORDER BY m.created_at, m.request_id;
END
$$;

-- One chat_thread answer for the device whose token's hash is hash: the messages after the cursor, at most ${THREAD_PAGE_SIZE},
-- oldest first, the next cursor, whether more wait, the newest of the parent's messages the programme has seen (null
-- until one is) and the device's read_receipts setting. The phone holds the thread through the page's last message
-- (or the cursor) then: no text goes for what it holds (thrive.texts_seen_through). Files stay in Slack: a
-- message's attachments are [] here.
DROP FUNCTION IF EXISTS thrive.thread_page(text, bigint);
CREATE OR REPLACE FUNCTION thrive.thread_page(key text, after bigint, hash text)
RETURNS TABLE (messages json, next_cursor text, more boolean, seen json, read_receipts boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  through bigint;
BEGIN
  PERFORM thrive.sync_thread(key);
  SELECT coalesce(max(p.id), after) INTO through FROM (
    SELECT t.id FROM thrive.thread_messages t WHERE t.number_key = key AND t.id > after ORDER BY t.id
    LIMIT ${THREAD_PAGE_SIZE}
  ) AS p;
  IF through > 0 THEN
    PERFORM thrive.texts_seen_through(key, through);
  END IF;
  RETURN QUERY
  WITH page AS (
    SELECT * FROM thrive.thread_messages WHERE number_key = key AND id > after ORDER BY id LIMIT ${THREAD_PAGE_SIZE + 1}
  ), shown AS (
    SELECT * FROM page ORDER BY id LIMIT ${THREAD_PAGE_SIZE}
  )
  SELECT
    coalesce(json_agg(json_strip_nulls(json_build_object(
      'id', s.id::text, 'from', CASE WHEN s.event THEN 'event' ELSE s.author END, 'text', s.text, 'sent_at', s.sent_at,
      'request_id', s.request_id, 'author', s.staff_name, 'attachments', '[]'::json
    )) ORDER BY s.id), '[]'::json),
    coalesce(max(s.id), after)::text,
    (SELECT count(*) FROM page) > ${THREAD_PAGE_SIZE},
    thrive.seen_by_programme(key),
    (thrive.settings_of(hash)->>'read_receipts')::boolean
  FROM shown s;
END
$$;

-- A facilitator's reply from Slack: event_id (Slack's, so a retried event is stored once), the channel's id and the
-- parent message's Slack ts it replies to, its text, and its own Slack ts. 'stored', 'duplicate', or 'unknown'
-- (not a reply to a parent's message). It is from the parent's facilitator on the roster, else the team; the message
-- it replies to is seen by the programme (thrive.programme_saw).
CREATE OR REPLACE FUNCTION thrive.store_reply(event_id text, channel_id text, thread_ts text, reply text, reply_ts text)
RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  key text;
  author text;
BEGIN
  SELECT m.phone_e164 INTO key FROM thrive.messages m WHERE m.slack_channel = channel_id AND m.slack_ts = thread_ts;
  IF NOT FOUND THEN
    RETURN 'unknown';
  END IF;
  PERFORM thrive.programme_saw(channel_id, thread_ts);
  SELECT coalesce(
    (SELECT f.name FROM thrive.parents p JOIN thrive.facilitators f ON f.id = p.facilitator_id WHERE p.number = key),
    '${TEAM_AUTHOR}') INTO author;
  INSERT INTO thrive.thread_messages (number_key, author, slack_event_id, staff_name, text, sent_at, slack_channel,
    slack_ts)
  VALUES (key, 'staff', event_id, author, reply, ${IST_ISO('to_timestamp(reply_ts::double precision)')}, channel_id,
    reply_ts)
  ON CONFLICT (slack_event_id) DO NOTHING;
  RETURN CASE WHEN FOUND THEN 'stored' ELSE 'duplicate' END;
END
$$;
`;
}
