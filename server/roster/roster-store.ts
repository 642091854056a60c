import type { Db } from '../db/database.ts';
import { nameKey, phoneKey } from '../../src/shared/rules/phone.ts';
import type { RosterFile } from './roster-file.ts';
import type { WeeklySession } from '../../src/shared/schedule/week.ts';
import { weekdayNumber } from '../../src/shared/schedule/weekdays.ts';

export interface Facilitator {
  name: string;
  slackChannel: string;
}

export interface RegisteredParent {
  name: string;
  facilitator: Facilitator;
  sessions: WeeklySession[];
}

export interface Roster {
  /** The parent with this number and name, or undefined: both must match. */
  find(user: { name: string; number: string }): RegisteredParent | undefined;
  /** The weekly sessions of a number already known to be a parent's (a verified device's), earliest first. */
  sessionsOf(numberKey: string): WeeklySession[];
  /** The parent with this phone key, whatever name is asked with: for staff, never for a parent's request. */
  byNumber(numberKey: string): RegisteredParent | undefined;
}

interface ParentRow {
  name: string;
  facilitator_name: string;
  slack_channel: string;
}

interface SessionRow {
  weekday: number;
  start_time: string;
  facilitator_name: string;
}

/**
 * Fills an empty roster from the seed file; a roster already in the database
 * is left as the programme team has it, and so is one staff have changed,
 * even to empty. Returns whether it seeded.
 */
export function seedRoster(db: Db, roster: RosterFile): boolean {
  const kept = db
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM parents) OR EXISTS (SELECT 1 FROM roster_changes)')
    .pluck()
    .get();
  if (kept === 1) return false;
  const addFacilitator = db.prepare('INSERT INTO facilitators (id, name, slack_channel) VALUES (?, ?, ?)');
  const addParent = db.prepare('INSERT INTO parents (number, name, facilitator_id) VALUES (?, ?, ?)');
  const addSession = db.prepare(
    'INSERT INTO sessions (parent_number, weekday, start_time, facilitator_id) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const f of roster.facilitators) addFacilitator.run(f.id, f.name, f.slackChannel);
    for (const parent of roster.parents) {
      const number = phoneKey(parent.number);
      if (!number) throw new Error(`Roster: "${parent.number}" is not a valid phone number`);
      addParent.run(number, parent.name.trim(), parent.facilitator);
      for (const s of parent.sessions) addSession.run(number, weekdayNumber(s.day), s.time, s.facilitator);
    }
  }).immediate();
  return true;
}

export function createRoster(db: Db): Roster {
  const parentByNumber = db.prepare<[string], ParentRow>(`
    SELECT p.name, f.name AS facilitator_name, f.slack_channel
    FROM parents p JOIN facilitators f ON f.id = p.facilitator_id
    WHERE p.number = ?`);
  const sessionsOf = db.prepare<[string], SessionRow>(`
    SELECT s.weekday, s.start_time, f.name AS facilitator_name
    FROM sessions s JOIN facilitators f ON f.id = s.facilitator_id
    WHERE s.parent_number = ?
    ORDER BY s.weekday, s.start_time`);

  const sessions = (number: string): WeeklySession[] =>
    sessionsOf.all(number).map((s) => ({ weekday: s.weekday, time: s.start_time, facilitator: s.facilitator_name }));
  const parentOf = (number: string): RegisteredParent | undefined => {
    const row = parentByNumber.get(number);
    if (!row) return undefined;
    return {
      name: row.name,
      facilitator: { name: row.facilitator_name, slackChannel: row.slack_channel },
      sessions: sessions(number),
    };
  };

  return {
    sessionsOf: sessions,
    find(user) {
      const number = phoneKey(user.number);
      const parent = number ? parentOf(number) : undefined;
      return parent && nameKey(parent.name) === nameKey(user.name) ? parent : undefined;
    },
    byNumber: parentOf,
  };
}
