/**
 * A reschedule request in the parent's week: the session it concerns and,
 * once staff confirm it, the move it makes. Both backends run it: the
 * reference server (server/requests, /staff) and the n8n workflows, whose
 * Code nodes bundle it (the portal's "Answer", ThriveRequests' "Outcomes",
 * the Slack form, ThrivePush's "Reminders due"), so the session is found by
 * one rule, not again in SQL.
 */
import { askedOf, requestAfterAnswers, type Asked, type OutcomeRow } from '../rules/request-outcome.ts';
import type { ParentRequest, SessionRef } from '../webhook/requests.ts';
import { confirmedByOccurrence } from './confirmed-moves.ts';
import { addDays, partsOf, sessionsOfWeek, weekdayOf, type Move, type WeeklySession } from './week.ts';

/** The most days a staff answer lists from a range: a request spans days, not months. */
const RANGE_DAYS_SHOWN = 14;

/** The days asked for, in order; a long range is cut at RANGE_DAYS_SHOWN. */
export function askedDays({ start, end }: Asked): string[] {
  const days: string[] = [];
  for (let key = start; key <= end && days.length < RANGE_DAYS_SHOWN; key = addDays(key, 1)) days.push(key);
  return days;
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

/** The move a confirmed request makes: its session, to the confirmed time; none for any other request. */
export function moveOf(request: ParentRequest | undefined): Move | undefined {
  return request?.status === 'confirmed' && request.confirmed && request.session
    ? { from: request.session, to: request.confirmed.starts_at }
    : undefined;
}

/** A reschedule request as a workflow reads it, with its answers (n8n/source/database/outcome-reads-sql.ts). */
export type ReadReschedule = Parameters<typeof parentRequest>[0] & { answers: readonly OutcomeRow[] };

/**
 * The moves a parent's confirmed requests make, one for each session they moved: where two confirmed requests moved
 * one occurrence, the one answered last (confirmedByOccurrence).
 */
export function confirmedMoves(requests: readonly ParentRequest[]): Move[] {
  return confirmedByOccurrence(requests).flatMap(([latest]) => moveOf(latest) ?? []);
}

/** The moves a parent's confirmed reschedules make, read with their answers: the schedule's and the reminders'. */
export function movesOfReschedules(reschedules: readonly ReadReschedule[], sessions: readonly WeeklySession[]): Move[] {
  return confirmedMoves(reschedules.flatMap((request) => parentRequest(request, request.answers, sessions) ?? []));
}
