/**
 * Which parents' occurrences a session change acts on, given the changes
 * already standing (not withdrawn), the same for /staff and n8n's Slack form:
 * - an occurrence takes one change: a second (a cancel of a cancelled one, a
 *   move of one a holiday cancelled) is refused until the first is withdrawn,
 *   so parents are not told twice and the schedule shows one line;
 * - a holiday acts on what is on its day: the roster's sessions there not
 *   already cancelled or moved away, and occurrences moved onto it.
 * A change's row names the occurrence it changed (its start, +05:30) and,
 * for a move, its new start; an occurrence moved onto a day and then
 * cancelled there has a row starting at its new time.
 */
import { startsAtOf } from '../rules/request-outcome.ts';
import { partsOf } from '../schedule/week.ts';

/** One parent's session on a day: its time ("HH:mm", India) and its facilitator's name, as changes name it. */
export interface DaySession {
  number_key: string;
  time: string;
  facilitator: string;
}

/** A session change standing: the occurrence it changed, and its new start when it moved it. */
export interface StandingChange {
  number_key: string;
  starts_at: string;
  facilitator: string;
  moved_to: string | null;
}

/** Whether a standing change took this parent's occurrence starting then away already (cancelled or moved). */
export const changedAway = (standing: readonly StandingChange[], session: DaySession, startsAt: string) =>
  standing.some(
    (c) => c.number_key === session.number_key && c.starts_at === startsAt && c.facilitator === session.facilitator,
  );

/** Whether any of the parents of one occurrence (the same day and time) has a change standing for it already. */
export const occurrenceChanged = (standing: readonly StandingChange[], sessions: readonly DaySession[], day: string) =>
  sessions.some((session) => changedAway(standing, session, startsAtOf(day, session.time)));

/** The sessions a holiday on `day` cancels: the roster's there, less those changed away, with those moved onto it. */
export function sessionsOnDay(
  day: string,
  roster: readonly DaySession[],
  standing: readonly StandingChange[],
): DaySession[] {
  const stay = roster.filter((session) => !changedAway(standing, session, startsAtOf(day, session.time)));
  const movedOnto = standing.flatMap((c) => {
    if (c.moved_to === null || partsOf(c.moved_to).key !== day) return [];
    const session = { number_key: c.number_key, time: partsOf(c.moved_to).time, facilitator: c.facilitator };
    return changedAway(standing, session, c.moved_to) ? [] : [session];
  });
  return [...stay, ...movedOnto];
}
