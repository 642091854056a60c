/**
 * One parent as a form gives it (the /staff add and edit forms): every
 * field checked by fields.ts, each refusal kept under the field it names,
 * so the form can show it beside what was typed. A session row left blank
 * (no day, no time) is no session; a session's facilitator left blank is
 * the parent's.
 */
import {
  checkDay,
  checkFacilitator,
  checkName,
  checkNumber,
  checkTime,
  sessionLabel,
  sortedSessions,
} from './fields.ts';
import type { RosterEntry, RosterFacilitatorRef, RosterSessionEntry } from './format.ts';
import { rosterText } from './messages.ts';

export interface ParentInput {
  number: string;
  name: string;
  facilitator: string;
  sessions: { day: string; time: string; facilitator: string }[];
}

/** A field of the form: the parent's, or a session row's by its index. */
export type ParentField =
  | 'number'
  | 'name'
  | 'facilitator'
  | `day_${number}`
  | `time_${number}`
  | `session_facilitator_${number}`;

export type ParentCheck =
  | { ok: true; entry: RosterEntry }
  | { ok: false; problems: Partial<Record<ParentField, string>> };

export function checkParent(input: ParentInput, facilitators: readonly RosterFacilitatorRef[]): ParentCheck {
  const problems: Partial<Record<ParentField, string>> = {};
  const number = checkNumber(input.number);
  if (!number.ok) problems.number = number.problem;
  const name = checkName(input.name);
  if (!name.ok) problems.name = name.problem;
  const facilitator = checkFacilitator(input.facilitator, facilitators);
  if (!facilitator.ok) problems.facilitator = facilitator.problem;
  const sessions: RosterSessionEntry[] = [];
  const rowOf = new Map<string, number>();
  input.sessions.forEach((row, i) => {
    if (row.day.trim() === '' && row.time.trim() === '') return;
    const day = checkDay(row.day);
    const time = checkTime(row.time);
    const runBy =
      row.facilitator.trim() === '' ? undefined : checkFacilitator(row.facilitator, facilitators, 'session');
    if (!day.ok) problems[`day_${i}`] = day.problem;
    if (!time.ok) problems[`time_${i}`] = time.problem;
    if (runBy && !runBy.ok) problems[`session_facilitator_${i}`] = runBy.problem;
    if (!day.ok || !time.ok || (runBy && !runBy.ok)) return;
    const label = sessionLabel({ day: day.value, time: time.value });
    const earlier = rowOf.get(label);
    if (earlier !== undefined) {
      problems[`day_${i}`] = rosterText.sameSessionAbove(label, earlier + 1);
      return;
    }
    rowOf.set(label, i);
    sessions.push({
      day: day.value,
      time: time.value,
      facilitator: runBy?.value ?? (facilitator.ok ? facilitator.value : ''),
    });
  });
  if (!number.ok || !name.ok || !facilitator.ok || Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    entry: {
      number: number.value,
      name: name.value,
      facilitator: facilitator.value,
      sessions: sortedSessions(sessions),
    },
  };
}
