/**
 * What withdrawing a session change does for its parents, the same for /staff
 * and n8n's Slack post. Withdrawing puts the occurrences back as the roster
 * has them, so the parents whose session is still ahead are told, in an
 * update of their own: a parent who read "cancelled" must not find the
 * session back on the schedule unannounced. One case is refused: a move
 * whose usual time has passed while its new time has not, as withdrawing it
 * would take a session still to come off the schedule.
 */
import type { AnnouncementKind } from '../webhook/announcements.ts';
import { partsOf } from '../schedule/week.ts';
import type { StandingChange } from './occurrences.ts';
import { hasStarted, isUrgentChange } from './rules.ts';
import type { SessionChange } from './session-change-text.ts';

export type Withdrawal =
  /** Nothing to tell: no session change, not sent yet, or every occurrence it changed has begun. */
  | { ok: true; tell: undefined }
  /** The parents to tell (each once), what is back, and whether it is within a day (urgent). */
  | { ok: true; tell: { numbers: string[]; back: SessionChange; urgent: boolean } }
  | { ok: false; problem: 'moveUnderway' };

const occurrenceKey = (row: StandingChange) => `${Date.parse(row.starts_at)} ${row.facilitator.toLowerCase()}`;

/**
 * `rows`: the change's rows (one per parent and occurrence). The change it
 * undoes is named the way parents were told of it: one occurrence by its
 * time and facilitator, several (a holiday) by their day.
 */
export function withdrawalOf(
  kind: AnnouncementKind,
  sent: boolean,
  rows: readonly StandingChange[],
  now: Date,
): Withdrawal {
  if (!sent || (kind !== 'cancelled' && kind !== 'moved')) return { ok: true, tell: undefined };
  const underway = rows.some(
    (row) => row.moved_to !== null && hasStarted(row.starts_at, now) && !hasStarted(row.moved_to, now),
  );
  if (underway) return { ok: false, problem: 'moveUnderway' };
  const ahead = rows.filter((row) => !hasStarted(row.starts_at, now));
  const [first] = [...ahead].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  if (!first) return { ok: true, tell: undefined };
  const numbers = [...new Set(ahead.map((row) => row.number_key))];
  const urgent = isUrgentChange(first.starts_at, now);
  const one = new Set(ahead.map(occurrenceKey)).size === 1;
  const { starts_at: startsAt, facilitator, moved_to: to } = first;
  let back: SessionChange = { kind: 'holiday', day: partsOf(startsAt).key, reason: '' };
  if (one && to !== null) back = { kind: 'moved', startsAt, facilitator, to, reason: '' };
  else if (one) back = { kind: 'cancelled', startsAt, facilitator, reason: '' };
  return { ok: true, tell: { numbers, back, urgent } };
}
