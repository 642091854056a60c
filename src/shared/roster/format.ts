/**
 * The roster as a CSV file, the one format staff import, export and start
 * from (the template): one row per weekly session, the way a spreadsheet
 * lists a programme's week. A parent with several sessions has a row for
 * each, all with the same number, name and facilitator; a parent with no
 * weekly session has one row with day and time left blank. The number is
 * the parent's identity: the file is the whole roster, so a number on the
 * roster and not in the file is removed by the import.
 *
 * The reference server's /staff pages and the n8n import form both read
 * these names; the rules for each cell are in fields.ts.
 */
import type { WeekdayName } from '../schedule/weekdays.ts';

/** The header row, in the order export writes it; an import finds the columns in any order. */
export const ROSTER_CSV_COLUMNS = ['number', 'name', 'facilitator', 'day', 'time', 'session_facilitator'] as const;

export type RosterCsvColumn = (typeof ROSTER_CSV_COLUMNS)[number];

/** Columns a file must have; session_facilitator may be left out (each session is then the parent's facilitator's). */
export const REQUIRED_ROSTER_CSV_COLUMNS: readonly RosterCsvColumn[] = ['number', 'name', 'facilitator', 'day', 'time'];

/** What each column holds, for the import page and the template's description. */
export const ROSTER_CSV_COLUMN_HELP: Record<RosterCsvColumn, string> = {
  number: 'the parent’s phone: 98765 43210, 098765 43210 or +91 98765 43210 (another country: + and its code)',
  name: 'the parent’s name, as they type it to sign in',
  facilitator: 'the facilitator whose channel the parent’s messages go to: their id or name',
  day: 'the weekday of the session, Monday to Sunday (blank for a parent with no weekly session)',
  time: 'the session’s start, 24-hour HH:mm in India’s time, such as 16:30 (blank with the day)',
  session_facilitator: 'who runs this session, id or name; blank for the parent’s facilitator',
};

/**
 * The most weekly sessions a parent has: the edit form shows a row for each, so a parent with more could not be
 * edited without losing some. The import refuses the row that would be one more.
 */
export const ROSTER_MAX_SESSIONS = 14;

/** The largest file an import reads. */
export const ROSTER_CSV_MAX_BYTES = 10 * 1024 * 1024;

/** The file names staff download. */
export const ROSTER_TEMPLATE_FILE_NAME = 'roster-template.csv';
export const ROSTER_EXPORT_FILE_NAME = 'roster.csv';

/** A weekly session on the roster: a facilitator by id. */
export interface RosterSessionEntry {
  day: WeekdayName;
  /** 24-hour "HH:mm" in Asia/Kolkata. */
  time: string;
  facilitator: string;
}

/** A parent on the roster, as the CSV, the forms and the preview's comparison hold it. */
export interface RosterEntry {
  /** The phone rule's one form (E.164). */
  number: string;
  name: string;
  /** The id of the facilitator whose channel the parent's messages go to. */
  facilitator: string;
  /** Earliest in the week first. */
  sessions: RosterSessionEntry[];
}

export interface RosterFacilitatorRef {
  id: string;
  name: string;
}
