/**
 * Reading a roster file: bytes to the roster it describes, or why not.
 * A problem with the file itself (too large, not UTF-8, no header, a quote
 * never closed, no parents) stops it whole; a problem with a row refuses
 * that row, with its line and every reason (a session beyond a parent's
 * ROSTER_MAX_SESSIONS is one). Either way the caller changes nothing
 * unless the file has no refused row: an import is the whole roster, so
 * applying the rest would remove the refused rows' parents.
 */
import { parseCsv, unguardedCell, type CsvRecord } from './csv.ts';
import {
  checkDay,
  checkFacilitator,
  checkName,
  checkNumber,
  checkTime,
  sessionLabel,
  sortedSessions,
  type Checked,
} from './fields.ts';
import {
  REQUIRED_ROSTER_CSV_COLUMNS,
  ROSTER_CSV_COLUMNS,
  ROSTER_CSV_MAX_BYTES,
  ROSTER_MAX_SESSIONS,
  type RosterCsvColumn,
  type RosterEntry,
  type RosterFacilitatorRef,
} from './format.ts';
import { rosterText } from './messages.ts';
import { nameKey } from '../rules/phone.ts';

export interface RefusedRow {
  line: number;
  reasons: string[];
}

export type RosterFileRead =
  | { ok: false; problem: string }
  | { ok: true; entries: RosterEntry[]; refused: RefusedRow[]; rows: number };

/** The text of a file's bytes, when they are UTF-8 (a byte-order mark is the parser's to drop). */
export function decodeRosterFile(bytes: Uint8Array): Checked<string> {
  if (bytes.byteLength > ROSTER_CSV_MAX_BYTES) return { ok: false, problem: rosterText.tooLarge };
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { ok: false, problem: rosterText.notUtf8 };
  }
}

/** A header's spelling of a column: "Session facilitator", "session-facilitator" and "SESSION_FACILITATOR" are one. */
const columnOf = (header: string): RosterCsvColumn | undefined => {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return ROSTER_CSV_COLUMNS.find((column) => column === name);
};

type Columns = Partial<Record<RosterCsvColumn, number>>;

function readHeader(record: CsvRecord): Checked<Columns> {
  const columns: Columns = {};
  for (const [index, header] of record.cells.entries()) {
    const column = columnOf(unguardedCell(header));
    if (!column) continue;
    if (columns[column] !== undefined) return { ok: false, problem: rosterText.repeatedColumn(column) };
    columns[column] = index;
  }
  const missing = REQUIRED_ROSTER_CSV_COLUMNS.filter((column) => columns[column] === undefined);
  return missing.length > 0 ? { ok: false, problem: rosterText.missingColumns(missing) } : { ok: true, value: columns };
}

interface Seen {
  line: number;
  entry: RosterEntry;
  sessionLines: Map<string, number>;
}

export function readRosterCsv(bytes: Uint8Array, facilitators: readonly RosterFacilitatorRef[]): RosterFileRead {
  const text = decodeRosterFile(bytes);
  if (!text.ok) return text;
  const parsed = parseCsv(text.value);
  if (!parsed.ok) return { ok: false, problem: rosterText.unclosedQuote(parsed.unclosedQuoteLine) };
  const [head, ...rows] = parsed.records;
  if (!head) return { ok: false, problem: rosterText.empty };
  const header = readHeader(head);
  if (!header.ok) return header;
  const columns = header.value;
  const cellOf = (record: CsvRecord, column: RosterCsvColumn) => {
    const index = columns[column];
    return unguardedCell(index === undefined ? '' : (record.cells[index] ?? ''));
  };

  const byNumber = new Map<string, Seen>();
  const refused: RefusedRow[] = [];
  for (const record of rows) {
    const cell = (column: RosterCsvColumn) => cellOf(record, column);
    const number = checkNumber(cell('number'));
    const name = checkName(cell('name'));
    const facilitator = checkFacilitator(cell('facilitator'), facilitators);
    const blankSession = cell('day').trim() === '' && cell('time').trim() === '';
    const day = blankSession ? undefined : checkDay(cell('day'));
    const time = blankSession ? undefined : checkTime(cell('time'));
    const runBy = cell('session_facilitator').trim();
    const sessionFacilitator =
      runBy === '' || blankSession ? undefined : checkFacilitator(runBy, facilitators, 'session');
    const reasons = [number, name, facilitator, day, time, sessionFacilitator].flatMap((check) =>
      check && !check.ok ? [check.problem] : [],
    );
    if (reasons.length > 0 || !number.ok || !name.ok || !facilitator.ok) {
      refused.push({ line: record.line, reasons });
      continue;
    }
    const earlier = byNumber.get(number.value);
    if (earlier && nameKey(earlier.entry.name) !== nameKey(name.value)) {
      refused.push({ line: record.line, reasons: [rosterText.otherName(earlier.line, earlier.entry.name)] });
      continue;
    }
    if (earlier && earlier.entry.facilitator !== facilitator.value) {
      refused.push({ line: record.line, reasons: [rosterText.otherFacilitator(earlier.line)] });
      continue;
    }
    const seen = earlier ?? {
      line: record.line,
      entry: { number: number.value, name: name.value, facilitator: facilitator.value, sessions: [] },
      sessionLines: new Map<string, number>(),
    };
    byNumber.set(number.value, seen);
    if (day?.ok && time?.ok) {
      const session = { day: day.value, time: time.value };
      const key = sessionLabel(session);
      const sameLine = seen.sessionLines.get(key);
      if (sameLine !== undefined) {
        refused.push({ line: record.line, reasons: [rosterText.sameSessionTwice(key, sameLine)] });
        continue;
      }
      if (seen.entry.sessions.length >= ROSTER_MAX_SESSIONS) {
        refused.push({ line: record.line, reasons: [rosterText.tooManySessions(ROSTER_MAX_SESSIONS, seen.line)] });
        continue;
      }
      seen.sessionLines.set(key, record.line);
      seen.entry.sessions.push({
        ...session,
        facilitator: sessionFacilitator?.ok ? sessionFacilitator.value : facilitator.value,
      });
    }
  }
  if (byNumber.size === 0 && refused.length === 0) return { ok: false, problem: rosterText.noParents };
  const entries = [...byNumber.values()].map(({ entry }) => ({ ...entry, sessions: sortedSessions(entry.sessions) }));
  return { ok: true, entries, refused, rows: rows.length };
}
