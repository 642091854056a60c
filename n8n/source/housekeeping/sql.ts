/**
 * What retention and erasure delete in Postgres, each in one statement (so
 * all of it or nothing): the requests, the parents' chat messages, the
 * threads with facilitators' replies (and the read receipts and text notices
 * that point at them), texts queued or sent, codes, code requests and tries,
 * tokens, and for an erasure the parent's settings and the number's roster entry too, as the reference
 * server's removeExpired() and forgetNumber() do (server/db/erase.ts).
 */
import { CODE_REQUEST_KEPT_MS } from '../../../server/conversation/policy.ts';
import { minutes } from '../database/conversation-schema-sql.ts';

/** $1: the days to keep. Counts of what went. */
export const REMOVE_EXPIRED = `WITH cutoff AS (SELECT now() - make_interval(days => $1::int) AS at),
requests AS (DELETE FROM thrive.requests WHERE received_at < (SELECT at FROM cutoff) RETURNING 1),
slack_posts AS (DELETE FROM thrive.slack_posts WHERE posted_at < (SELECT at FROM cutoff) RETURNING 1),
slack_intents AS (DELETE FROM thrive.slack_intents WHERE intended_at < (SELECT at FROM cutoff) RETURNING 1),
messages AS (DELETE FROM thrive.messages WHERE created_at < (SELECT at FROM cutoff) RETURNING 1),
thread AS (DELETE FROM thrive.thread_messages WHERE received_at < (SELECT at FROM cutoff) RETURNING author),
texts AS (DELETE FROM thrive.text_notices WHERE created_at < (SELECT at FROM cutoff) RETURNING 1),
codes AS (DELETE FROM thrive.sign_in_codes WHERE expires_at <= now() RETURNING 1),
tokens AS (DELETE FROM thrive.parent_tokens WHERE expires_at <= now() RETURNING 1),
code_requests AS (
  DELETE FROM thrive.code_requests WHERE requested_at < now() - ${minutes(CODE_REQUEST_KEPT_MS)} RETURNING 1
),
hits AS (DELETE FROM thrive.number_hits WHERE window_start < now() - ${minutes(CODE_REQUEST_KEPT_MS)} RETURNING 1),
tries AS (DELETE FROM thrive.code_tries WHERE tried_at < now() - ${minutes(CODE_REQUEST_KEPT_MS)} RETURNING 1)
SELECT
  (SELECT count(*) FROM requests)::int AS requests,
  (SELECT count(*) FROM messages)::int AS messages,
  (SELECT count(*) FROM thread WHERE author = 'staff')::int AS replies,
  (SELECT count(*) FROM codes)::int AS codes,
  (SELECT count(*) FROM tokens)::int AS tokens,
  (SELECT count(*) FROM code_requests)::int AS code_requests;`;

/**
 * $1: the number as typed. Everything stored for it (its devices' push subscriptions, with the pushes waiting for
 * them, and their settings go with its tokens; the parent's settings; its read receipts with its thread; its texts),
 * and the announcements'
 * copies of the roster: who each was sent to (with the name, and when it was seen) and the sessions changed for the
 * number; an announcement itself names nobody and stays for the others. number_key is null (and nothing goes) when it
 * is not a phone number.
 */
export const FORGET_NUMBER = `WITH key AS (SELECT thrive.phone_key($1) AS number_key),
requests AS (
  DELETE FROM thrive.requests WHERE thrive.phone_key(user_number) = (SELECT number_key FROM key) RETURNING request_id
),
slack_posts AS (DELETE FROM thrive.slack_posts WHERE request_id IN (SELECT request_id FROM requests) RETURNING 1),
slack_intents AS (DELETE FROM thrive.slack_intents WHERE request_id IN (SELECT request_id FROM requests) RETURNING 1),
messages AS (DELETE FROM thrive.messages WHERE phone_e164 = (SELECT number_key FROM key) RETURNING 1),
thread AS (DELETE FROM thrive.thread_messages WHERE number_key = (SELECT number_key FROM key) RETURNING author),
texts AS (DELETE FROM thrive.text_notices WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
codes AS (DELETE FROM thrive.sign_in_codes WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
code_requests AS (DELETE FROM thrive.code_requests WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
tries AS (DELETE FROM thrive.code_tries WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
push_subscriptions AS (
  DELETE FROM thrive.push_subscriptions WHERE number_key = (SELECT number_key FROM key) RETURNING 1
),
tokens AS (DELETE FROM thrive.parent_tokens WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
settings AS (DELETE FROM thrive.parent_settings WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
hits AS (DELETE FROM thrive.number_hits WHERE number = (SELECT number_key FROM key) RETURNING 1),
recipients AS (
  DELETE FROM thrive.announcement_recipients WHERE number_key = (SELECT number_key FROM key) RETURNING 1
),
changes AS (DELETE FROM thrive.session_changes WHERE number_key = (SELECT number_key FROM key) RETURNING 1),
sessions AS (DELETE FROM thrive.sessions WHERE parent_number = (SELECT number_key FROM key) RETURNING 1),
parent AS (DELETE FROM thrive.parents WHERE number = (SELECT number_key FROM key) RETURNING name)
SELECT
  (SELECT number_key FROM key) AS number_key,
  (SELECT count(*) FROM requests)::int AS requests,
  (SELECT count(*) FROM messages)::int AS messages,
  (SELECT count(*) FROM thread WHERE author = 'staff')::int AS replies,
  (SELECT count(*) FROM tokens)::int AS tokens,
  (SELECT count(*) FROM push_subscriptions)::int AS push_subscriptions,
  (SELECT count(*) FROM codes)::int AS codes,
  (SELECT count(*) FROM code_requests)::int AS code_requests,
  (SELECT name FROM parent) AS roster_parent,
  (SELECT count(*) FROM sessions)::int AS roster_sessions;`;
