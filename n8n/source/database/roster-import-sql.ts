/**
 * The roster as the import form and the export read and change it (n8n/source/roster/): the whole roster with its
 * version, and an import applied in one transaction, all of it or nothing, with a record of each.
 *
 * The version is the SHA-256 of the roster as JSON, so any change to a parent or a session changes it: an import
 * is applied only to the roster its preview was made from. Removing a parent ends their sign-in as the reference
 * server does (server/roster/roster-admin.ts): their sessions and roster row go, their devices' tokens are revoked
 * (push settings, subscriptions, queued pushes and reminder keys go with them), the parent's settings are deleted
 * and a code already sent stops working. Their requests and messages stay, for retention or erasure.
 */
import { WEEKDAYS } from '../../../src/shared/schedule/weekdays.ts';

const DAY_NAMES = `ARRAY[${WEEKDAYS.map((day) => `'${day}'`).join(', ')}]`;

/** The numbers an import's list (`removed`, `changed`) names. */
const numbersOf = (list: string) => `(SELECT e->>'number' FROM jsonb_array_elements(import->'${list}') e)`;

export const rosterImportSchemaSql = () => `
-- Each roster import an operator confirmed on the import form: who, when, the file and what changed.
CREATE TABLE IF NOT EXISTS thrive.roster_imports (
  id bigserial PRIMARY KEY,
  imported_at timestamptz NOT NULL DEFAULT now(),
  imported_by text NOT NULL,
  file_name text NOT NULL,
  file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  -- "12 added, 3 changed, 1 removed, 0 rows refused"
  summary text NOT NULL,
  -- Each parent added, changed (before → after) or removed, in the words of src/shared/roster/diff.ts.
  changes text[] NOT NULL
);

-- The roster as the CSV rules hold it (src/shared/roster/format.ts): parents by number, each with their sessions
-- earliest in the week first; the facilitators an import may name; and the roster's version.
CREATE OR REPLACE FUNCTION thrive.roster_snapshot()
RETURNS TABLE (entries json, facilitators json, version text)
LANGUAGE sql STABLE AS $$
  WITH parents AS (
    SELECT p.number, json_build_object('number', p.number, 'name', p.name, 'facilitator', p.facilitator_id,
      'sessions', coalesce((
        SELECT json_agg(json_build_object('day', (${DAY_NAMES})[s.weekday], 'time', s.start_time,
          'facilitator', s.facilitator_id) ORDER BY s.weekday, s.start_time)
        FROM thrive.sessions s WHERE s.parent_number = p.number), '[]')) AS entry
    FROM thrive.parents p
  ), roster AS (SELECT coalesce(json_agg(entry ORDER BY number COLLATE "C"), '[]') AS entries FROM parents)
  SELECT entries,
    (SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.name) ORDER BY f.name, f.id), '[]')
      FROM thrive.facilitators f),
    encode(sha256(convert_to(entries::text, 'UTF8')), 'hex')
  FROM roster
$$;

-- An import's preview applied: { version, by, file_name, file_sha256, summary, changes, added, changed, removed },
-- added and changed as parents with their sessions ({ weekday, start_time, facilitator }), removed as { number }.
-- Nothing is changed, and applied is false, when the roster is no longer the version the preview was made from.
CREATE OR REPLACE FUNCTION thrive.apply_roster_import(import jsonb)
RETURNS TABLE (applied boolean, parents integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- Roster reads go on; another import or roster change waits until this one has committed.
  LOCK TABLE thrive.parents, thrive.sessions IN SHARE ROW EXCLUSIVE MODE;
  IF (SELECT s.version FROM thrive.roster_snapshot() s) IS DISTINCT FROM import->>'version' THEN
    RETURN QUERY SELECT false, (SELECT count(*)::int FROM thrive.parents);
    RETURN;
  END IF;
  DELETE FROM thrive.sessions WHERE parent_number IN ${numbersOf('removed')} OR parent_number IN ${numbersOf('changed')};
  DELETE FROM thrive.parents WHERE number IN ${numbersOf('removed')};
  DELETE FROM thrive.push_subscriptions WHERE number_key IN ${numbersOf('removed')};
  DELETE FROM thrive.parent_tokens WHERE number_key IN ${numbersOf('removed')};
  -- A parent added again later starts from the default settings, as anyone new does.
  DELETE FROM thrive.parent_settings WHERE number_key IN ${numbersOf('removed')};
  DELETE FROM thrive.sign_in_codes WHERE number_key IN ${numbersOf('removed')};
  -- A family that left gets no text for what they were told while on the roster.
  DELETE FROM thrive.text_notices WHERE number_key IN ${numbersOf('removed')} AND state IN ('waiting', 'queued');
  UPDATE thrive.parents p SET name = e.name, facilitator_id = e.facilitator
    FROM jsonb_to_recordset(import->'changed') AS e(number text, name text, facilitator text) WHERE p.number = e.number;
  INSERT INTO thrive.parents (number, name, facilitator_id)
    SELECT e.number, e.name, e.facilitator FROM jsonb_to_recordset(import->'added') AS e(number text, name text, facilitator text);
  INSERT INTO thrive.sessions (parent_number, weekday, start_time, facilitator_id)
    SELECT e.number, s.weekday, s.start_time, s.facilitator
    FROM jsonb_to_recordset((import->'added') || (import->'changed')) AS e(number text, sessions jsonb),
      jsonb_to_recordset(e.sessions) AS s(weekday smallint, start_time text, facilitator text);
  INSERT INTO thrive.roster_imports (imported_by, file_name, file_sha256, summary, changes)
    VALUES (import->>'by', import->>'file_name', import->>'file_sha256', import->>'summary',
      ARRAY(SELECT jsonb_array_elements_text(import->'changes')));
  RETURN QUERY SELECT true, (SELECT count(*)::int FROM thrive.parents);
END
$$;
`;
