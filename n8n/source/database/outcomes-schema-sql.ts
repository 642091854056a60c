/**
 * The request outcomes' part of n8n/schema.sql: what became of each reschedule request (staff's answer from
 * Slack's buttons, the parent's acceptance of an offered time), as the reference server keeps it
 * (server/requests/store.ts), and the one function that records an answer together with its event line in the
 * parent's thread.
 */
import { IST_ISO, UTC_ISO } from './conversation-schema-sql.ts';

export function outcomesSchemaSql(): string {
  return `
-- Which session a reschedule request concerns is the Code nodes' to find, by the rule the reference server runs
-- (src/shared/schedule/request-session.ts), from the parent's sessions and the request's days as queries read them.
DROP FUNCTION IF EXISTS thrive.session_concerned(text, date, date);
DROP FUNCTION IF EXISTS thrive.asked_days(text, jsonb);

-- What became of each reschedule request, oldest first: the latest row is its status. 'accepted' is the parent
-- taking an offered time (accept_offer); the others are staff's answers from Slack (thrive-slack-actions).
CREATE TABLE IF NOT EXISTS thrive.request_answers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id text NOT NULL REFERENCES thrive.requests (request_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('confirmed', 'offered', 'declined', 'accepted')),
  -- ISO 8601 with +05:30: the confirmed or offered time.
  starts_at text,
  offer_id text UNIQUE,
  reason text,
  answered_by text NOT NULL,
  -- ISO 8601 in UTC, as the reference server writes it.
  answered_at text NOT NULL
);
CREATE INDEX IF NOT EXISTS request_answers_by_request ON thrive.request_answers (request_id, id);

-- Records an answer ({ request_id, kind, starts_at, reason, by, and at when the answer already told it }) and its event line in the parent's
-- thread (and a staff answer's text notice: thrive.add_outcome_notice), in one transaction, under the request's row
-- lock (an offer gets its offer_id here): 'recorded'; 'unknown' for no such request; 'stale'
-- when expected_offer is given and is no longer the request's latest answer (two acceptances racing record one).
CREATE OR REPLACE FUNCTION thrive.record_outcome(answer jsonb, event_text text, expected_offer text DEFAULT NULL)
RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  target text := answer->>'request_id';
  key text;
  latest text;
  line bigint;
  at timestamptz := clock_timestamp();
BEGIN
  SELECT thrive.phone_key(r.user_number) INTO key FROM thrive.requests r WHERE r.request_id = target FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'unknown';
  END IF;
  IF expected_offer IS NOT NULL THEN
    SELECT a.offer_id INTO latest FROM thrive.request_answers a WHERE a.request_id = target ORDER BY a.id DESC LIMIT 1;
    IF latest IS DISTINCT FROM expected_offer THEN
      RETURN 'stale';
    END IF;
  END IF;
  INSERT INTO thrive.request_answers (request_id, kind, starts_at, offer_id, reason, answered_by, answered_at)
  VALUES (target, answer->>'kind', answer->>'starts_at',
    CASE WHEN answer->>'kind' = 'offered' THEN gen_random_uuid()::text END, answer->>'reason', answer->>'by',
    coalesce(answer->>'at', ${UTC_ISO('at')}));
  PERFORM thrive.sync_thread(key);
  INSERT INTO thrive.thread_messages (number_key, author, staff_name, text, sent_at, received_at, event)
  VALUES (key, 'staff', answer->>'by', event_text, ${IST_ISO('at')}, at, true)
  RETURNING id INTO line;
  PERFORM thrive.add_outcome_notice(key, target, answer->>'kind', answer->>'by', line, at);
  IF answer->>'kind' = 'accepted' THEN
    -- The parent answered the offer: they saw it, so no text goes for it (n8n/source/database/texts-schema-sql.ts).
    PERFORM thrive.texts_seen_requests(key, jsonb_build_array(target));
  END IF;
  RETURN 'recorded';
END
$$;
`;
}
