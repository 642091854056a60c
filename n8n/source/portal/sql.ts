/**
 * The queries of the workflow's Postgres nodes (tables and thrive.claim_request
 * in n8n/schema.sql). Every value is a query parameter, never text in the SQL.
 */
import { confirmedReschedulesOf, sessionsOf } from '../database/outcome-reads-sql.ts';

/**
 * The roster's answer for the phone key in the parameter `key`. One row: `parent` is null for a number not on the
 * roster, else the shape the reference roster returns (RegisteredParent); `reschedules` are the number's reschedule
 * requests that staff have confirmed a time for at some point, each with its answers (outcome-reads-sql.ts), whose
 * confirmed moves "Answer" applies to know_schedule by the shared rule (movesOfReschedules); `changes` are the
 * programme's session changes around now (thrive.session_changes_of), which it applies (save to the occurrences
 * those requests moved) and tells of (scheduleChangesOf), and `withdrawn` the sent ones staff withdrew
 * (thrive.withdrawn_changes_of), whose calendar events come back.
 */
const rosterOf = (key: string) => `SELECT (
  SELECT json_build_object(
    'name', p.name,
    'facilitator', json_build_object('name', f.name, 'slackChannel', f.slack_channel),
    'sessions', ${sessionsOf('p.number')})
  FROM thrive.parents p JOIN thrive.facilitators f ON f.id = p.facilitator_id
  WHERE p.number = ${key}
) AS parent, ${confirmedReschedulesOf(key)} AS reschedules, thrive.session_changes_of(${key}) AS changes,
  thrive.withdrawn_changes_of(${key}) AS withdrawn`;

/**
 * $1: the request's record (jsonb), $2: its phone key, $3: its canonical text (hashed into the fingerprint),
 * $4: how many times this copy has looked already, $5: whether its answer needs the roster (a schedule, a chat),
 * $6: its first Slack post ('message' or 'notice', '' for none), $7: the id Slack gave a chat's first file ('' for
 * none). One row: seen = limited | new | same | different | wait | pending, for `same` the stored answer, `attempt`
 * for the next look, `intended` when the claim wrote the first post's intent and `intended_file` when it wrote the
 * first file's too (thrive.claim_request: the workflow posts at once), and for a new request that needs it the
 * roster's `parent`, `reschedules` and `changes` (rosterOf), read in the same round trip.
 */
export const CLAIM_REQUEST = `SELECT claim.seen, claim.response_status, claim.response_body, claim.attempt, claim.intended,
  claim.intended_file, roster.parent, roster.reschedules, roster.changes, roster.withdrawn
FROM thrive.claim_request($1::jsonb, $2, $3, $4::int, first_post => NULLIF($6, ''), first_file => NULLIF($7, '')) AS claim
LEFT JOIN LATERAL (${rosterOf('$2')} WHERE claim.seen = 'new' AND $5::boolean) AS roster ON true;`;

/**
 * $1: request_id, $2: status, $3: the answer's JSON text, and for an accept_offer (else '') $4: the acceptance
 * (thrive.record_outcome's answer), $5: its event line, $6: the offer it takes, recorded in the same transaction
 * while that offer is still the request's latest answer. Returns what was stored, to send it.
 */
export const RECORD_ANSWER = `WITH accepted AS (
  SELECT thrive.record_outcome(NULLIF($4, '')::jsonb, $5, NULLIF($6, '')) AS outcome WHERE $4 <> ''
)
UPDATE thrive.requests SET response_status = $2::smallint, response_body = $3
WHERE request_id = $1 AND (SELECT count(*) FROM accepted) >= 0
RETURNING response_status AS status, response_body AS body, 'json' AS type;`;

/** $1: request_id, $2-$4: the refusal's status, text and type. Gives the claim up, so the id may be sent again. */
export const RELEASE_CLAIM = `WITH released AS (
  DELETE FROM thrive.requests WHERE request_id = $1 AND response_status IS NULL
)
SELECT $2::int AS status, $3::text AS body, $4::text AS type;`;

/**
 * $1: request_id, $2: how many files the chat carries, $3: chat | notice, $4: the channel it posts to, $5: the
 * request's answer (its 200's JSON). What Slack already has of this request and the step that comes next
 * (thrive.slack_next_step in n8n/schema.sql): message, notice or file; find message, find notice or find file when
 * an earlier execution may have taken that step and died before storing it; or done, with the answer recorded (and
 * given back as `body`, to send). A retry picks up where a failure stopped.
 */
export const SLACK_SO_FAR = 'SELECT * FROM thrive.slack_next_step($1, $2::int, $3, $4, $5);';

/**
 * $1: request_id, $2: Slack's refusal ('' when it posted: a refusal fails the query, storing nothing), $3: the
 * channel's id, $4: the post's ts, $5: message | notice, $6: the phone key, $7: the parent's own words, then
 * $8-$11 as SLACK_SO_FAR's $2-$5. Stores the post (thrive.store_post: a chat message is also kept in
 * thrive.messages, the parent's side of the conversation) and answers the next step, as SLACK_SO_FAR.
 */
export const STORE_POST = 'SELECT * FROM thrive.store_post($1, $2, $3, $4, $5, $6, $7, $8::int, $9, $10, $11);';

/**
 * $1: request_id, $2: the file's position in the chat, $3: the channel's id, $4 and $5: the id and upload address
 * Slack just gave the file ('' when it refused). Written before the file is uploaded and shared, so a retry after a
 * crash asks Slack about that file first (Postgres runs an INSERT in WITH whether or not its rows are read). One row
 * in any case: the id and address, for "File to upload".
 */
export const INTEND_SHARE = `WITH intended AS (
  INSERT INTO thrive.slack_intents (request_id, part, channel, file_id)
  SELECT $1, 'file ' || $2, $3, $4::text WHERE $4::text <> ''
  ON CONFLICT (request_id, part) DO UPDATE SET file_id = EXCLUDED.file_id, intended_at = now()
)
SELECT $4::text AS file_id, $5::text AS upload_url;`;

/**
 * $1: request_id, $2: Slack's refusal ('' when it shared: a refusal fails the query, storing nothing), $3: the
 * file's position in the chat, $4: the channel's id, $5: Slack's file id, then $6-$9 as SLACK_SO_FAR's $2-$5; for a
 * new chat's first file, shared straight after its message was posted, $10: that post's ts ('' for every other
 * file), $11 and $12 as STORE_POST's $6 and $7. Stores the message first when given (thrive.store_file), then the
 * file as shared, and answers the next step, as SLACK_SO_FAR.
 */
export const STORE_FILE =
  'SELECT * FROM thrive.store_file($1, $2, $3::int, $4, $5, $6::int, $7, $8, $9, $10, $11, $12);';
