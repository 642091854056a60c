/**
 * What the workflows read of a parent's week and of a reschedule request's answers, as JSON for a Code node to
 * apply the shared rules to (src/shared/schedule/request-session.ts: the session a request concerns, the parent's
 * view of it, the move it makes), so no rule of it is written again in SQL. Each takes an SQL expression.
 */

/** The weekly sessions of a phone key, as WeeklySession (src/shared/schedule/week.ts): weekday, time, facilitator. */
export const sessionsOf = (key: string) => `COALESCE((
      SELECT json_agg(json_build_object('weekday', s.weekday, 'time', s.start_time, 'facilitator', sf.name)
                      ORDER BY s.weekday, s.start_time)
      FROM thrive.sessions s JOIN thrive.facilitators sf ON sf.id = s.facilitator_id
      WHERE s.parent_number = ${key}), '[]'::json)`;

/** A request's answers, oldest first, as OutcomeRow (src/shared/rules/request-outcome.ts). */
export const answersOf = (requestId: string) => `(SELECT COALESCE(json_agg(json_build_object('kind', a.kind,
      'starts_at', a.starts_at, 'offer_id', a.offer_id, 'reason', a.reason, 'answered_by', a.answered_by,
      'answered_at', a.answered_at) ORDER BY a.id), '[]'::json)
    FROM thrive.request_answers a WHERE a.request_id = ${requestId})`;

/**
 * A phone key's reschedule requests that staff confirmed a time for at some point, each with its answers, as
 * ReadReschedule (src/shared/schedule/request-session.ts): what the schedule and the reminders take their moves from
 * (movesOfReschedules).
 */
export const confirmedReschedulesOf = (key: string) => `(
  SELECT COALESCE(json_agg(json_build_object('request_id', r.request_id, 'action', r.action, 'payload', r.payload,
    'timestamp_ist', r.timestamp_ist, 'answers', ${answersOf('r.request_id')})), '[]'::json)
  FROM thrive.requests r
  WHERE thrive.phone_key(r.user_number) = ${key} AND r.response_status = 200
    AND r.action IN ('reschedule_single', 'reschedule_range')
    AND EXISTS (SELECT 1 FROM thrive.request_answers x
      WHERE x.request_id = r.request_id AND x.kind IN ('confirmed', 'accepted'))
)`;
