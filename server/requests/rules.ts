/**
 * The rules of a reschedule request's outcome, as pure functions: which
 * session a request concerns, when a session starts, what the parent is told
 * of it (ParentRequest, by the shared rule both backends use), and the move a
 * confirmed request makes. Days and times are as server/roster/week.ts has
 * them.
 */
import { askedOf, requestAfterAnswers, type Asked, type OutcomeRow } from '../../src/shared/rules/request-outcome.ts';
import type { ParentRequest, SessionRef } from '../../src/shared/webhook/requests.ts';
import type { WeeklySession } from '../roster/roster-store.ts';
import { addDays, partsOf, scheduleDayName, sessionsOfWeek, weekdayOf, type Move } from '../roster/week.ts';

export { askedOf, differs, type Asked, type OutcomeRow } from '../../src/shared/rules/request-outcome.ts';

/** The most days a staff answer lists from a range: a request spans days, not months. */
export const RANGE_DAYS_SHOWN = 14;

/** "Mon 30 Nov", the short form staff read in a list. */
export function shortDayName(key: string): string {
  return scheduleDayName(key).replace(/^(\w{3})\w*/, '$1');
}

/** The days asked for, in order; a long range is cut at RANGE_DAYS_SHOWN. */
export function askedDays({ start, end }: Asked): string[] {
  const days: string[] = [];
  for (let key = start; key <= end && days.length < RANGE_DAYS_SHOWN; key = addDays(key, 1)) days.push(key);
  return days;
}

/** "Mon 30 Nov – Thu 3 Dec", or "Mon 30 Nov" for one day. */
export function askedText({ start, end }: Asked): string {
  return start === end ? shortDayName(start) : `${shortDayName(start)} – ${shortDayName(end)}`;
}

/** The sessions that fall on the days asked for (a range may cross a week's end). */
export function sessionsInRange(asked: Asked, sessions: readonly WeeklySession[]): SessionRef[] {
  const weeks = new Set(askedDays(asked).map((key) => addDays(key, 1 - weekdayOf(key))));
  return [...weeks]
    .flatMap((monday) => sessionsOfWeek(monday, sessions))
    .filter(({ starts_at }) => {
      const { key } = partsOf(starts_at);
      return key >= asked.start && key <= asked.end;
    });
}

/**
 * The session a request concerns: the first of the parent's sessions on the
 * days asked for, else the first of the week the first day is in; none when
 * the roster has no session for the parent.
 */
export function sessionConcerned(asked: Asked, sessions: readonly WeeklySession[]): SessionRef | undefined {
  return sessionsInRange(asked, sessions)[0] ?? sessionsOfWeek(asked.start, sessions)[0];
}

/** The request as it stands after its answers, the status and the calendar's SEQUENCE included. */
export function parentRequest(
  request: { request_id: string; action: string; payload: Record<string, unknown>; timestamp_ist: string },
  outcomes: readonly OutcomeRow[],
  sessions: readonly WeeklySession[],
): ParentRequest | undefined {
  const asked = askedOf(request.action, request.payload);
  if (!asked) return undefined;
  return requestAfterAnswers(request, asked, sessionConcerned(asked, sessions), outcomes);
}

export function moveOf(request: ParentRequest): Move | undefined {
  return request.status === 'confirmed' && request.confirmed && request.session
    ? { from: request.session, to: request.confirmed.starts_at }
    : undefined;
}
