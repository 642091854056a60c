-- The Postgres tables of the Thrive workflow (n8n/thrive-portal.workflow.json), in a schema of their own.
-- Safe to run again: it creates what is missing and replaces the function.
--
--   psql "$DATABASE_URL" -f n8n/schema.sql -f n8n/roster.seed.sql

CREATE SCHEMA IF NOT EXISTS thrive;

-- The roster: who may ask for a schedule, their weekly sessions, and where their chat messages go.
CREATE TABLE IF NOT EXISTS thrive.facilitators (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
  name text NOT NULL,
  slack_channel text NOT NULL CHECK (slack_channel ~ '^#[a-z0-9][a-z0-9_-]*$')
);

CREATE TABLE IF NOT EXISTS thrive.parents (
  -- E.164; a 10-digit Indian number is stored with +91, as the workflow looks it up.
  number text PRIMARY KEY CHECK (number ~ '^\+[1-9][0-9]{1,14}$'),
  name text NOT NULL,
  facilitator_id text NOT NULL REFERENCES thrive.facilitators (id)
);

CREATE TABLE IF NOT EXISTS thrive.sessions (
  parent_number text NOT NULL REFERENCES thrive.parents (number) ON DELETE CASCADE,
  -- ISO weekday, Monday 1 to Sunday 7; the time is 24-hour HH:MM in Asia/Kolkata.
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  facilitator_id text NOT NULL REFERENCES thrive.facilitators (id),
  PRIMARY KEY (parent_number, weekday, start_time)
);

-- Every accepted request, once per request_id. A row is claimed (inserted without an answer) when a
-- request first arrives, and answered once its work is done; a refused request's claim is deleted.
CREATE TABLE IF NOT EXISTS thrive.requests (
  request_id text PRIMARY KEY,
  body_hash text NOT NULL,
  action text NOT NULL,
  user_name text NOT NULL,
  user_number text NOT NULL,
  -- For a chat: the message and each file's name, type, size and SHA-256 (the files went to Slack).
  payload jsonb NOT NULL,
  note text,
  message text,
  preferred_times text,
  language text CHECK (language IN ('en', 'hi')),
  timestamp_ist text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  response_status smallint,
  response_body text
);
CREATE INDEX IF NOT EXISTS requests_by_received ON thrive.requests (received_at);

-- Settings the programme team may change while n8n runs (UPDATE thrive.settings ...; 0 turns a limit off).
CREATE TABLE IF NOT EXISTS thrive.settings (
  name text PRIMARY KEY,
  value integer NOT NULL CHECK (value >= 0)
);
INSERT INTO thrive.settings (name, value) VALUES ('requests_per_number_per_minute', 30) ON CONFLICT (name) DO NOTHING;

-- Requests per phone number in the minute since the number's window began (it begins at its first request).
CREATE TABLE IF NOT EXISTS thrive.number_hits (
  number text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

-- One call decides what a request is, atomically. First the per-number limit: over it, 'limited' (429).
-- Then INSERT ... ON CONFLICT DO NOTHING claims a new id, so of two copies arriving together exactly one is 'new'. The other waits here until the first is
-- answered ('same', with that answer to send again), or finds another body under the id ('different':
-- 409), or finds the claim given up (a refusal deleted it) and claims it itself. A claim older than
-- stale_after (its n8n execution died) is taken over. After wait_ms it answers 'pending' (the caller
-- answers 500, which the portal retries).
DROP FUNCTION IF EXISTS thrive.claim_request(jsonb, integer, interval);
DROP FUNCTION IF EXISTS thrive.claim_request(jsonb, text, integer, interval);
CREATE FUNCTION thrive.claim_request(
  request jsonb,
  number_key text,
  wait_ms integer DEFAULT 20000,
  stale_after interval DEFAULT interval '2 minutes'
) RETURNS TABLE (seen text, response_status smallint, response_body text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  id text := request->>'request_id';
  earlier thrive.requests%ROWTYPE;
  deadline timestamptz := clock_timestamp() + make_interval(secs => wait_ms / 1000.0);
  arrived timestamptz := clock_timestamp();
  per_minute integer := (SELECT value FROM thrive.settings WHERE name = 'requests_per_number_per_minute');
  hits integer;
BEGIN
  IF per_minute > 0 THEN
    -- One row per number, counted under its row lock: copies arriving together are all counted.
    INSERT INTO thrive.number_hits AS h (number, window_start, hits) VALUES (number_key, arrived, 1)
      ON CONFLICT (number) DO UPDATE SET
        window_start = CASE WHEN h.window_start <= arrived - interval '1 minute' THEN arrived ELSE h.window_start END,
        hits = CASE WHEN h.window_start <= arrived - interval '1 minute' THEN 1 ELSE h.hits + 1 END
      RETURNING h.hits INTO hits;
    IF hits > per_minute THEN
      RETURN QUERY SELECT 'limited'::text, NULL::smallint, NULL::text;
      RETURN;
    END IF;
  END IF;

  LOOP
    INSERT INTO thrive.requests AS r (request_id, body_hash, action, user_name, user_number, payload, note,
      message, preferred_times, language, timestamp_ist)
    VALUES (id, request->>'body_hash', request->>'action', request->>'user_name', request->>'user_number',
      request->'payload', request->>'note', request->>'message', request->>'preferred_times',
      request->>'language', request->>'timestamp_ist')
    ON CONFLICT (request_id) DO NOTHING;
    IF FOUND THEN
      RETURN QUERY SELECT 'new'::text, NULL::smallint, NULL::text;
      RETURN;
    END IF;

    SELECT * INTO earlier FROM thrive.requests r WHERE r.request_id = id;
    IF FOUND THEN
      IF earlier.body_hash <> request->>'body_hash' THEN
        RETURN QUERY SELECT 'different'::text, NULL::smallint, NULL::text;
        RETURN;
      END IF;
      IF earlier.response_status IS NOT NULL THEN
        RETURN QUERY SELECT 'same'::text, earlier.response_status, earlier.response_body;
        RETURN;
      END IF;
      UPDATE thrive.requests r SET claimed_at = clock_timestamp()
        WHERE r.request_id = id AND r.response_status IS NULL AND r.claimed_at < clock_timestamp() - stale_after;
      IF FOUND THEN
        RETURN QUERY SELECT 'new'::text, NULL::smallint, NULL::text;
        RETURN;
      END IF;
      IF clock_timestamp() >= deadline THEN
        RETURN QUERY SELECT 'pending'::text, NULL::smallint, NULL::text;
        RETURN;
      END IF;
      PERFORM pg_sleep(0.02);
    END IF;
  END LOOP;
END
$$;
