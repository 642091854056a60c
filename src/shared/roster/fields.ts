/**
 * The roster's rules for one field, the same for a CSV cell and the /staff
 * form (and n8n's import): the webhook's phone rule, its name rule, the
 * week's days and 24-hour "HH:mm" times in India, a facilitator on the
 * roster. Each returns the field in its one stored form, or the refusal.
 *
 * Spreadsheets change what people type; what they do is read back:
 * `098765 43210` (a trunk zero) and `919876543210` (a number whose + a
 * spreadsheet dropped) are the Indian mobile +919876543210; `9:00`,
 * `09:00:00` and `9:00 AM` are 09:00; `Wed` and `wednesday` are Wednesday.
 */
import { NAME_MAX_LENGTH, nameProblem } from '../rules/name.ts';
import { nameKey, phoneKey, SEPARATORS } from '../rules/phone.ts';
import { WEEKDAYS, type WeekdayName } from '../schedule/weekdays.ts';
import { isFormulaCell } from './csv.ts';
import type { RosterFacilitatorRef, RosterSessionEntry } from './format.ts';
import { rosterText } from './messages.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = <T>(problem: string): Checked<T> => ({ ok: false, problem });

/** The phone rule's one form of a number as a spreadsheet may hold it; undefined when it is not one. */
export function rosterNumberKey(raw: string): string | undefined {
  const compact = raw.replace(SEPARATORS, '');
  if (/^0[6-9][0-9]{9}$/.test(compact)) return phoneKey(compact.slice(1));
  if (/^91[6-9][0-9]{9}$/.test(compact)) return phoneKey(`+${compact}`);
  return phoneKey(compact);
}

export function checkNumber(raw: string): Checked<string> {
  const text = raw.trim();
  if (text === '') return refused(rosterText.numberMissing);
  // A + is how a number starts, not a formula. Any other character a formula starts with refuses the cell, even
  // when the rest is a number (`-9876543210`, a tab before it): a spreadsheet would run it.
  const lead = raw.replace(/^ +/, '');
  if (isFormulaCell(lead) && !lead.startsWith('+')) return refused(rosterText.formula('number', lead.trimEnd()));
  const key = rosterNumberKey(text);
  return key ? ok(key) : refused(rosterText.numberWrong(text));
}

export function checkName(raw: string): Checked<string> {
  const problem = nameProblem(raw);
  if (problem === 'control') return refused(rosterText.nameControl);
  if (problem === 'direction') return refused(rosterText.nameDirection);
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return refused(rosterText.nameMissing);
  if (isFormulaCell(name)) return refused(rosterText.formula('name', name));
  // No name has one: it is what a spreadsheet's plain CSV writes for each letter outside its code page.
  if (name.includes('?')) return refused(rosterText.nameQuestionMarks(name));
  if (name.length > NAME_MAX_LENGTH) return refused(rosterText.nameTooLong(NAME_MAX_LENGTH));
  return ok(name);
}

/**
 * A facilitator by id, or by name when one facilitator has it (letter case
 * and spacing aside). `session` words the refusal for a session's
 * facilitator, where blank means the parent's own.
 */
export function checkFacilitator(
  raw: string,
  facilitators: readonly RosterFacilitatorRef[],
  role: 'parent' | 'session' = 'parent',
): Checked<string> {
  const text = raw.trim();
  if (text === '') return refused(rosterText.facilitatorMissing);
  if (isFormulaCell(text))
    return refused(rosterText.formula(role === 'parent' ? 'facilitator' : 'session facilitator', text));
  const byId = facilitators.find((f) => f.id === text.toLowerCase());
  if (byId) return ok(byId.id);
  const named = facilitators.filter((f) => nameKey(f.name) === nameKey(text));
  if (named.length > 1) return refused(rosterText.facilitatorAmbiguous(text));
  const [found] = named;
  if (found) return ok(found.id);
  return refused(role === 'parent' ? rosterText.facilitatorUnknown(text) : rosterText.sessionFacilitatorUnknown(text));
}

export function checkDay(raw: string): Checked<WeekdayName> {
  const text = raw.trim().toLowerCase();
  if (text === '') return refused(rosterText.dayMissing);
  const day = WEEKDAYS.find((name) => name.toLowerCase() === text || name.slice(0, 3).toLowerCase() === text);
  return day
    ? ok(day)
    : refused(isFormulaCell(text) ? rosterText.formula('day', raw.trim()) : rosterText.dayWrong(raw.trim()));
}

const TIME = /^([0-9]{1,2}):([0-5][0-9])(?::00)?(?:\s*([ap])\.?m\.?)?$/i;

export function checkTime(raw: string): Checked<string> {
  const text = raw.trim();
  if (text === '') return refused(rosterText.timeMissing);
  const match = TIME.exec(text);
  const hours = Number(match?.[1]);
  const half = match?.[3]?.toLowerCase();
  const valid = match !== null && (half ? hours >= 1 && hours <= 12 : hours <= 23);
  if (!valid) return refused(isFormulaCell(text) ? rosterText.formula('time', text) : rosterText.timeWrong(text));
  const hour24 = half ? (hours % 12) + (half === 'p' ? 12 : 0) : hours;
  return ok(`${String(hour24).padStart(2, '0')}:${match[2]}`);
}

const weekdayIndex = (day: WeekdayName) => WEEKDAYS.indexOf(day);

/** Sessions earliest in the week first, as the roster keeps and shows them. */
export function sortedSessions(sessions: readonly RosterSessionEntry[]): RosterSessionEntry[] {
  return [...sessions].sort((a, b) => weekdayIndex(a.day) - weekdayIndex(b.day) || a.time.localeCompare(b.time));
}

/** A session in a message or a list: "Monday 09:00". */
export const sessionLabel = (session: Pick<RosterSessionEntry, 'day' | 'time'>) => `${session.day} ${session.time}`;
