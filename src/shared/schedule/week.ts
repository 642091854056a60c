/**
 * The programme's week on India's calendar, for the roster's weekly
 * sessions: days as `YYYY-MM-DD` keys, times as 24-hour "HH:mm" in India
 * (which keeps no daylight saving: +05:30 all year), a weekly session on a
 * given day, and the week's sessions with confirmed moves applied. The
 * reference server and the n8n workflow's Code nodes both run it (there
 * formatClockTime is India's fixed offset, n8n/source/toolkit/india-time.ts).
 */
import { formatClockTime } from '../format/ist-zone.ts';
import { startsAtOf } from '../rules/request-outcome.ts';
import type { ScheduleChange } from '../webhook/announcements.ts';
import type { SessionRef } from '../webhook/requests.ts';
import { WEEKDAYS } from './weekdays.ts';

/** A parent's session in the roster, every week on one day at one time. */
export interface WeeklySession {
  /** ISO weekday, Monday 1 to Sunday 7. */
  weekday: number;
  /** 24-hour "HH:mm" in Asia/Kolkata. */
  time: string;
  facilitator: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const utcNoonOf = (key: string) => {
  const match = DAY_KEY.exec(key);
  if (!match) throw new Error(`Not a day key: ${key}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
};

export function addDays(key: string, days: number): string {
  return new Date(utcNoonOf(key) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day: Monday 1 to Sunday 7. */
export function weekdayOf(key: string): number {
  return new Date(utcNoonOf(key)).getUTCDay() || 7;
}

/** "Wednesday 25 Nov", as the schedule's lines name a day. */
export function scheduleDayName(key: string): string {
  const date = new Date(utcNoonOf(key));
  return `${WEEKDAYS[weekdayOf(key) - 1]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** The day key and "HH:mm" of an ISO 8601 time written with +05:30 (startsAtOf's, toIstIso's). */
export function partsOf(startsAt: string): { key: string; time: string } {
  return { key: startsAt.slice(0, 10), time: startsAt.slice(11, 16) };
}

/** A weekly session on one day of the calendar. */
export function sessionOn(key: string, session: WeeklySession): SessionRef {
  return {
    day: scheduleDayName(key),
    time: formatClockTime(session.time),
    facilitator: session.facilitator,
    starts_at: startsAtOf(key, session.time),
  };
}

/** The parent's sessions in the week (Monday to Sunday) of a day, in order. */
export function sessionsOfWeek(key: string, sessions: readonly WeeklySession[]): SessionRef[] {
  const monday = addDays(key, 1 - weekdayOf(key));
  const inOrder = [...sessions].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
  return inOrder.map((session) => sessionOn(addDays(monday, session.weekday - 1), session));
}

/** A confirmed move: the session that was, and when it is now (with its facilitator). */
export interface Move {
  from: SessionRef;
  to: string;
}

/** A session on the calendar: its start and its facilitator. */
export interface Occurrence {
  starts_at: string;
  facilitator: string;
}

/** Two references to one occurrence: the same moment and the same facilitator, however the name is cased. */
export function sameOccurrence(a: Occurrence, b: Occurrence): boolean {
  return (
    Date.parse(a.starts_at) === Date.parse(b.starts_at) && a.facilitator.toLowerCase() === b.facilitator.toLowerCase()
  );
}

/**
 * Whether one of the parent's confirmed requests moved `occurrence` (`requestMoved`: the occurrences their
 * requests moved, where the roster had them). Such a move stands over the programme's change of the same
 * occurrence, whichever came first: staff change the roster's time, and the parent is no longer there; the time
 * arranged for them is. So for that parent the schedule and the reminders leave the programme's change out (the
 * session is there once, at the request's time), and the portal tells nothing of it, offers no calendar
 * cancellation or move for it (the request's moved event has the same UID) and writes that event above every
 * SEQUENCE the change gave it (parent-view.ts, push/reminders.ts, changes.ts).
 */
export function movedByRequest(occurrence: Occurrence, requestMoved: readonly Occurrence[]): boolean {
  return requestMoved.some((moved) => sameOccurrence(moved, occurrence));
}

/**
 * The week's sessions with the confirmed moves applied: a moved session
 * leaves its day and joins the new one, with its facilitator. The result
 * is in order of start.
 */
export function withMoves(occurrences: readonly Occurrence[], moves: readonly Move[]): Occurrence[] {
  const left = occurrences.filter((o) => !moves.some((move) => move.from.starts_at === o.starts_at));
  const moved = moves.map((move) => ({ starts_at: move.to, facilitator: move.from.facilitator }));
  return [...left, ...moved].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** What this week's changes do to one parent's schedule: the occurrences gone, the ones moved, and why. */
export interface ScheduleChanges {
  cancelled: Occurrence[];
  moves: Move[];
  changes: ScheduleChange[];
}
