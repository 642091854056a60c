/**
 * The roster as the CSV it is imported from (format.ts): exporting and
 * importing the file again changes nothing. A parent's rows are together,
 * parents by name; a session's facilitator is written only where it is not
 * the parent's. No cell is written that a spreadsheet would run as a
 * formula: a number's + is guarded by an apostrophe (csv.ts), which the
 * import takes off again.
 */
import { toCsv } from './csv.ts';
import { sortedByName } from './diff.ts';
import { sortedSessions } from './fields.ts';
import { ROSTER_CSV_COLUMNS, type RosterEntry } from './format.ts';

export function rosterCsv(entries: readonly RosterEntry[]): string {
  const parents = sortedByName(entries, (entry) => entry);
  const rows = parents.flatMap((parent) => {
    const sessions = sortedSessions(parent.sessions);
    const head = [parent.number, parent.name, parent.facilitator];
    if (sessions.length === 0) return [[...head, '', '', '']];
    return sessions.map((session) => [
      ...head,
      session.day,
      session.time,
      session.facilitator === parent.facilitator ? '' : session.facilitator,
    ]);
  });
  return toCsv([ROSTER_CSV_COLUMNS, ...rows]);
}

/** The template staff start a roster from: the header row alone. */
export const rosterTemplateCsv = (): string => toCsv([ROSTER_CSV_COLUMNS]);
