/**
 * The queries of the workflow's Postgres nodes (tables and thrive.claim_request
 * in n8n/schema.sql). Every value is a query parameter, never text in the SQL.
 */

/**
 * $1: the request's record (jsonb), $2: its phone key. One row: seen = limited | new | same | different |
 * pending, and for `same` the stored answer.
 */
export const CLAIM_REQUEST = 'SELECT seen, response_status, response_body FROM thrive.claim_request($1::jsonb, $2);';

/**
 * $1: the phone key. Always one row: `parent` is null for a number not on the
 * roster, else the shape the reference roster returns (RegisteredParent).
 */
export const FIND_PARENT = `SELECT (
  SELECT json_build_object(
    'name', p.name,
    'facilitator', json_build_object('name', f.name, 'slackChannel', f.slack_channel),
    'sessions', COALESCE((
      SELECT json_agg(json_build_object('weekday', s.weekday, 'time', s.start_time, 'facilitator', sf.name)
                      ORDER BY s.weekday, s.start_time)
      FROM thrive.sessions s JOIN thrive.facilitators sf ON sf.id = s.facilitator_id
      WHERE s.parent_number = p.number), '[]'::json))
  FROM thrive.parents p JOIN thrive.facilitators f ON f.id = p.facilitator_id
  WHERE p.number = $1
) AS parent;`;

/** $1: request_id, $2: status, $3: the answer's JSON text. Returns what was stored, to send it. */
export const RECORD_ANSWER = `UPDATE thrive.requests SET response_status = $2::smallint, response_body = $3
WHERE request_id = $1
RETURNING response_status, response_body;`;

/** $1: request_id, $2: the refusal (jsonb). Gives the claim up, so the id may be sent again, and passes the refusal on. */
export const RELEASE_CLAIM = `WITH released AS (
  DELETE FROM thrive.requests WHERE request_id = $1 AND response_status IS NULL
)
SELECT $2::jsonb AS refusal;`;
