/**
 * The roster as staff keep it (migration 10): the parents page, one parent,
 * the whole roster for an import's preview and the export, and changes
 * applied in one transaction with a record of each (who, when, what).
 *
 * Removing a parent ends their sign-in at once, in the same transaction:
 * their sessions and roster row go, their devices' tokens are revoked (the
 * devices' push settings go with them) and the parent's notification
 * settings are deleted, their push subscriptions are
 * deleted (with the pushes and reminder keys waiting for them), texts not
 * yet sent are dropped and a code already sent no longer works. Their requests and messages stay, for
 * retention or `npm run forget` to remove. Reminders and know_schedule read
 * the roster as it is at each use, so a change reaches them at once.
 */
import { createHash } from 'node:crypto';
import { sortedSessions } from '../../src/shared/roster/fields.ts';
import { changeSummary, entrySummary, type RosterChange } from '../../src/shared/roster/diff.ts';
import type { RosterEntry, RosterSessionEntry } from '../../src/shared/roster/format.ts';
import { WEEKDAYS, weekdayNumber, type WeekdayName } from '../../src/shared/schedule/weekdays.ts';
import type { Db } from '../db/database.ts';
import { latestRequestLanguage } from '../db/requests-table.ts';
import type { RosterFacilitator } from './roster-file.ts';

export interface RosterListRow extends RosterEntry {
  facilitatorName: string;
  /** The language of the number's latest request, when it has sent one. */
  language: 'en' | 'hi' | null;
}

export interface RosterChangeRecord {
  changed_at: string;
  changed_by: string;
  kind: 'added' | 'changed' | 'removed' | 'imported';
  what: string;
}

/** What to change: the preview's diff, or one parent's edit. */
export interface RosterEdits {
  added?: readonly RosterEntry[];
  changed?: readonly RosterChange[];
  removed?: readonly RosterEntry[];
}

/** LIKE patterns for a name and a number (server/staff/rules.ts searchPatterns); none lists everyone. */
export interface RosterSearch {
  name: string;
  number: string;
}

/** One value per state of the roster: an import's preview is applied only to the roster it was made from. */
export const rosterVersion = (entries: readonly RosterEntry[]) =>
  createHash('sha256').update(JSON.stringify(entries)).digest('hex');

interface SessionRow {
  parent_number: string;
  weekday: number;
  start_time: string;
  facilitator_id: string;
}

/** Thrown inside the transaction to undo it: the roster is not as the edits expected. */
class StaleRoster extends Error {}

const dayOf = (weekday: number): WeekdayName => WEEKDAYS[weekday - 1] ?? 'Monday';

export function createRosterAdmin(db: Db) {
  const facilitators = db.prepare<[], RosterFacilitator>(
    'SELECT id, name, slack_channel AS slackChannel FROM facilitators ORDER BY name, id',
  );
  const isAdmin = db.prepare<[number], number>('SELECT admin FROM staff WHERE id = ?').pluck();
  const PAGE_WHERE = `(@any = 0 OR p.name LIKE @name ESCAPE '\\' OR p.number LIKE @number ESCAPE '\\')`;
  type PageParams = { any: number; name: string; number: string };
  const pageRows = db.prepare<
    [PageParams & { limit: number; offset: number }],
    { number: string; name: string; facilitator: string; facilitatorName: string; language: 'en' | 'hi' | null }
  >(`
    SELECT p.number, p.name, p.facilitator_id AS facilitator, f.name AS facilitatorName,
      ${latestRequestLanguage('p.number')} AS language
    FROM parents p JOIN facilitators f ON f.id = p.facilitator_id
    WHERE ${PAGE_WHERE}
    ORDER BY p.name COLLATE NOCASE, p.number LIMIT @limit OFFSET @offset`);
  const pageCount = db.prepare<[PageParams], number>(`SELECT count(*) FROM parents p WHERE ${PAGE_WHERE}`).pluck();
  const allParents = db.prepare<[], Omit<RosterEntry, 'sessions'>>(
    'SELECT number, name, facilitator_id AS facilitator FROM parents ORDER BY number',
  );
  const oneParent = db.prepare<[string], Omit<RosterEntry, 'sessions'>>(
    'SELECT number, name, facilitator_id AS facilitator FROM parents WHERE number = ?',
  );
  const allSessions = db.prepare<[], SessionRow>(
    'SELECT parent_number, weekday, start_time, facilitator_id FROM sessions',
  );
  const sessionsOf = db.prepare<[string], SessionRow>(
    'SELECT parent_number, weekday, start_time, facilitator_id FROM sessions WHERE parent_number = ?',
  );
  const addParent = db.prepare('INSERT INTO parents (number, name, facilitator_id) VALUES (?, ?, ?)');
  const updateParent = db.prepare('UPDATE parents SET name = ?, facilitator_id = ? WHERE number = ?');
  const addSession = db.prepare(
    'INSERT INTO sessions (parent_number, weekday, start_time, facilitator_id) VALUES (?, ?, ?, ?)',
  );
  const dropSessions = db.prepare('DELETE FROM sessions WHERE parent_number = ?');
  const dropParent = db.prepare('DELETE FROM parents WHERE number = ?');
  const dropSubscriptions = db.prepare('DELETE FROM push_subscriptions WHERE number_key = ?');
  const dropTokens = db.prepare('DELETE FROM parent_tokens WHERE number_key = ?');
  // A parent added again later starts from the defaults, as anyone new does.
  const dropSettings = db.prepare('DELETE FROM parent_settings WHERE number_key = ?');
  const dropCodes = db.prepare('DELETE FROM sign_in_codes WHERE number_key = ?');
  // A family that left gets no text for what they were told while on the roster.
  const dropTexts = db.prepare("DELETE FROM text_notices WHERE number_key = ? AND state IN ('waiting', 'queued')");
  const record = db.prepare(
    'INSERT INTO roster_changes (changed_at, changed_by, kind, number, what) VALUES (?, ?, ?, ?, ?)',
  );
  const latest = db.prepare<[number], RosterChangeRecord>(
    'SELECT changed_at, changed_by, kind, what FROM roster_changes ORDER BY id DESC LIMIT ?',
  );

  const toSession = (row: SessionRow): RosterSessionEntry => ({
    day: dayOf(row.weekday),
    time: row.start_time,
    facilitator: row.facilitator_id,
  });
  const withSessions = (parent: Omit<RosterEntry, 'sessions'>): RosterEntry => ({
    ...parent,
    sessions: sortedSessions(sessionsOf.all(parent.number).map(toSession)),
  });
  const addSessions = (entry: RosterEntry) => {
    for (const s of entry.sessions) addSession.run(entry.number, weekdayNumber(s.day), s.time, s.facilitator);
  };

  function entries(): RosterEntry[] {
    const sessions = new Map<string, RosterSessionEntry[]>();
    for (const row of allSessions.all()) {
      const list = sessions.get(row.parent_number) ?? [];
      list.push(toSession(row));
      sessions.set(row.parent_number, list);
    }
    return allParents
      .all()
      .map((parent) => ({ ...parent, sessions: sortedSessions(sessions.get(parent.number) ?? []) }));
  }

  return {
    facilitators: () => facilitators.all(),
    isAdmin: (staffId: number) => isAdmin.get(staffId) === 1,
    /** A page of parents by name, those whose name or number matches `search` when one is given. */
    page(filter: { search: RosterSearch | undefined; limit: number; offset: number }) {
      const params = {
        any: filter.search ? 1 : 0,
        name: filter.search?.name ?? '',
        number: filter.search?.number ?? '',
      };
      return {
        rows: pageRows.all({ ...params, limit: filter.limit, offset: filter.offset }).map((row): RosterListRow => ({
          ...withSessions(row),
          facilitatorName: row.facilitatorName,
          language: row.language,
        })),
        total: pageCount.get(params) ?? 0,
      };
    },
    entry(number: string): RosterEntry | undefined {
      const parent = oneParent.get(number);
      return parent && withSessions(parent);
    },
    /** The whole roster, by number. */
    entries,
    /** The last `limit` changes, newest first. */
    changes: (limit: number) => latest.all(limit),
    /**
     * Applies the edits in one transaction, each recorded as `by` at `now`
     * (an import also as one line, `imported`), all or nothing. False, and
     * nothing changed, when the roster is no longer as the edits were made
     * against: with `version`, any change since; without, a parent to add
     * already there, or one to change or remove gone.
     */
    apply(edits: RosterEdits, by: string, now: Date, options: { version?: string; imported?: string } = {}): boolean {
      const at = now.toISOString();
      const apply = db.transaction((): void => {
        if (options.version !== undefined && rosterVersion(entries()) !== options.version) throw new StaleRoster();
        for (const entry of edits.removed ?? []) {
          dropSessions.run(entry.number);
          if (dropParent.run(entry.number).changes !== 1) throw new StaleRoster();
          dropSubscriptions.run(entry.number);
          dropTokens.run(entry.number);
          dropSettings.run(entry.number);
          dropCodes.run(entry.number);
          dropTexts.run(entry.number);
          record.run(at, by, 'removed', entry.number, entrySummary(entry));
        }
        for (const change of edits.changed ?? []) {
          const { after } = change;
          if (updateParent.run(after.name, after.facilitator, after.number).changes !== 1) throw new StaleRoster();
          dropSessions.run(after.number);
          addSessions(after);
          record.run(at, by, 'changed', after.number, changeSummary(change));
        }
        for (const entry of edits.added ?? []) {
          if (oneParent.get(entry.number)) throw new StaleRoster();
          addParent.run(entry.number, entry.name, entry.facilitator);
          addSessions(entry);
          record.run(at, by, 'added', entry.number, entrySummary(entry));
        }
        if (options.imported) record.run(at, by, 'imported', null, options.imported);
      });
      try {
        apply.immediate();
        return true;
      } catch (error) {
        if (error instanceof StaleRoster) return false;
        throw error;
      }
    },
  };
}

export type RosterAdmin = ReturnType<typeof createRosterAdmin>;
