/**
 * The queries of the conversation workflow's Postgres nodes (tables and
 * functions in n8n/schema.sql, from database/conversation-schema-sql.ts).
 * Every value is a query parameter. A statement that changes rows still
 * answers one row, so the next node always runs.
 */
import { CODE_LIFETIME_MS, TOKEN_BYTES, TOKEN_LIFETIME_MS } from '../../../server/conversation/policy.ts';
import { CODE_LENGTH } from '../../../src/shared/rules/code.ts';
import { minutes, UTC_ISO } from '../database/conversation-schema-sql.ts';

const SHA256_HEX = (text: string) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;

/** $1: the number as typed. Its phone key, and the roster's name for it (null when not on the roster). */
export const LOOK_UP_NUMBER = `SELECT thrive.phone_key($1) AS number_key,
  (SELECT name FROM thrive.parents WHERE number = thrive.phone_key($1)) AS roster_name;`;

/** $1: phone key, $2: the client's address. verdict: allowed | number | address, and retry_after seconds. */
export const TAKE_CODE_REQUEST = 'SELECT verdict, retry_after FROM thrive.take_code_request($1, $2);';

/**
 * $1: phone key, $2: the name's key (nameKey), which the code then works for alone. A new code replaces the
 * number's last one; only its bcrypt hash is kept. 48 random bits modulo a million: no code is likelier than
 * another by more than a few in 10^9.
 */
export const MAKE_CODE = `WITH made AS (
  SELECT lpad(((('x' || encode(gen_random_bytes(6), 'hex'))::bit(48)::bigint) % ${10 ** CODE_LENGTH})::text, ${CODE_LENGTH}, '0') AS code
)
INSERT INTO thrive.sign_in_codes AS s (number_key, name_key, code_hash, tries, created_at, expires_at)
SELECT $1, $2, crypt(made.code, gen_salt('bf', 8)), 0, now(), now() + ${minutes(CODE_LIFETIME_MS)} FROM made
ON CONFLICT (number_key) DO UPDATE
  SET name_key = excluded.name_key, code_hash = excluded.code_hash, tries = 0, created_at = excluded.created_at,
    expires_at = excluded.expires_at
RETURNING (SELECT code FROM made) AS code, s.code_hash, ${UTC_ISO('s.expires_at')} AS expires_at;`;

/** $1: phone key, $2: the code's hash. Removes the code when it is still the number's (a code not sent must not work). */
export const WITHDRAW_CODE = `WITH gone AS (DELETE FROM thrive.sign_in_codes WHERE number_key = $1 AND code_hash = $2 RETURNING 1)
SELECT count(*)::int AS withdrawn FROM gone;`;

/**
 * $1: phone key, $2: the name's key, $3: the client's address (null when unknown), $4: the code typed. The try is
 * counted before the code is compared (thrive.try_code). verdict: address | none | ended | wrong | right, with
 * the tries left, the code's hash and retry_after seconds.
 */
export const TRY_CODE = 'SELECT verdict, tries_left, code_hash, retry_after FROM thrive.try_code($1, $2, $3, $4);';

/**
 * $1: phone key, $2: the right code's hash. Uses the code (deletes it) and makes a token of ${TOKEN_BYTES} random bytes,
 * base64url; only its SHA-256 is kept. token is null when another request used the code first.
 */
export const USE_CODE = `WITH used AS (
  DELETE FROM thrive.sign_in_codes WHERE number_key = $1 AND code_hash = $2 RETURNING number_key
), made AS (
  SELECT rtrim(translate(encode(gen_random_bytes(${TOKEN_BYTES}), 'base64'), '+/', '-_'), '=') AS token
), saved AS (
  INSERT INTO thrive.parent_tokens (token_hash, number_key, created_at, expires_at)
  SELECT ${SHA256_HEX('made.token')}, used.number_key, now(), now() + ${minutes(TOKEN_LIFETIME_MS)}
  FROM used, made
  RETURNING expires_at
)
SELECT CASE WHEN saved.expires_at IS NULL THEN NULL ELSE made.token END AS token,
  ${UTC_ISO('saved.expires_at')} AS expires_at
FROM made LEFT JOIN saved ON true;`;

/**
 * $1: the bearer token, '' when none. verdict: missing | unknown | expired | valid, with the token's number and
 * hash. An expired token is deleted as it is met.
 */
export const CHECK_TOKEN = `WITH found AS (
  SELECT token_hash, number_key, expires_at <= now() AS expired FROM thrive.parent_tokens
  WHERE token_hash = ${SHA256_HEX('$1::text')}
), ended AS (
  DELETE FROM thrive.parent_tokens WHERE token_hash IN (SELECT token_hash FROM found WHERE expired) RETURNING 1
)
SELECT CASE
    WHEN $1::text = '' THEN 'missing'
    WHEN found.token_hash IS NULL THEN 'unknown'
    WHEN found.expired THEN 'expired'
    ELSE 'valid'
  END AS verdict,
  found.number_key,
  found.token_hash
FROM (SELECT 1) AS one LEFT JOIN found ON true;`;

/**
 * $1: phone key, $2: the message id to read after, $3: the device token's hash. One row: messages (JSON), cursor,
 * more, seen (JSON, null until the programme has seen a message) and the device's read_receipts.
 */
export const THREAD_PAGE =
  'SELECT messages, next_cursor AS cursor, more, seen, read_receipts FROM thrive.thread_page($1, $2::bigint, $3);';

/**
 * The portal webhook's own read of a thread (portal/thread-graph.ts), one statement for what "Check token" and
 * "Thread page" do for a token that is valid: $1: the bearer token, $2: the message id to read after. Always one
 * row: `valid` false (the token is unknown or expired: the conversation's workflow answers it) or the page.
 */
export const READ_THREAD = `SELECT t.number_key IS NOT NULL AS valid, page.messages, page.next_cursor AS cursor, page.more,
  page.seen, page.read_receipts
FROM (SELECT 1) AS one
LEFT JOIN thrive.parent_tokens t ON t.token_hash = ${SHA256_HEX('$1::text')} AND t.expires_at > now()
LEFT JOIN LATERAL (
  SELECT * FROM thrive.thread_page(t.number_key, $2::bigint, t.token_hash) WHERE t.number_key IS NOT NULL
) AS page ON true;`;

/** chat_thread's answer (an expression) from a row of THREAD_PAGE or READ_THREAD: seen only once there is one. */
export const THREAD_ANSWER =
  '{ messages: $json.messages, cursor: $json.cursor, more: $json.more, ...($json.seen ? { seen: $json.seen } : {}), ' +
  'read_receipts: $json.read_receipts }';

/**
 * mark_read: $1: the token's hash, $2: its number, $3: the phone key of the parent the request names ('' when none),
 * $4: the message read through, $5: when. One row: recorded, and marks ([{ id, channel, ts }]), the replies read
 * whose Slack message is still to be marked.
 */
export const MARK_READ =
  "SELECT recorded, marks FROM thrive.mark_read($1, $2, NULLIF($3, ''), $4::bigint, $5::timestamptz);";

/** $1: a reply's id, $2: whether Slack has its mark now. Marked replies are not offered again. */
export const KEEP_READ_MARK = `WITH kept AS (
  UPDATE thrive.thread_messages SET read_marked_at = now() WHERE id = $1::bigint AND $2::boolean RETURNING 1
)
SELECT count(*)::int AS kept FROM kept;`;

/** $1: the token's hash. */
export const REVOKE_TOKEN = `WITH gone AS (DELETE FROM thrive.parent_tokens WHERE token_hash = $1 RETURNING 1)
SELECT count(*)::int AS revoked FROM gone;`;

/**
 * $1: the token's hash, $2: the settings to change (JSON), $3: the request's language ('' when it names none).
 * `released`: how many of the device's pushes held in its quiet hours the change made due.
 */
export const PUSH_SETTINGS =
  "SELECT settings, subscribed, released FROM thrive.save_push_settings($1, $2::jsonb, NULLIF($3, ''));";

/**
 * $1: the token's hash, $2: its number, $3: the settings to change (JSON), $4: the language ('' when none), $5-$7:
 * the subscription's endpoint, p256dh and auth. The device's subscription replaces its earlier one.
 */
export const PUSH_SUBSCRIBE =
  "SELECT settings FROM thrive.push_subscribe($1, $2, $3::jsonb, NULLIF($4, ''), $5, $6, $7);";

/** $1: the token's hash. Forgets the device's subscription (its settings stay with the token). */
export const PUSH_UNSUBSCRIBE = `WITH gone AS (DELETE FROM thrive.push_subscriptions WHERE token_hash = $1 RETURNING 1)
SELECT count(*)::int AS unsubscribed FROM gone;`;
