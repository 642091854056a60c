import { formatClockTime } from '../format/ist-zone.ts';
import { toIstIso } from '../format/ist.ts';
import { NO_SESSIONS_SENTINEL } from './parser.ts';
import {
  addDays,
  partsOf,
  scheduleDayName,
  sessionsOfWeek,
  weekdayOf,
  withMoves,
  type Move,
  type Occurrence,
  type WeeklySession,
} from './week.ts';

/**
 * The sessions left in the current week (Monday to Sunday, Asia/Kolkata) as
 * 'Day: time with facilitator' lines in order, or the spec's sentinel when
 * none are left. A session starting this very minute still counts. Confirmed
 * moves apply: a moved session shows at its new day and time (when that is
 * still in this week), and no longer at its old one; a cancelled occurrence
 * (the programme's session changes), where it is once moved, is left out. The reference server's
 * know_schedule answer, and the n8n portal webhook's "Answer", which bundles it.
 */
export function restOfWeek(
  sessions: readonly WeeklySession[],
  at: Date,
  moves: readonly Move[] = [],
  cancelled: readonly Occurrence[] = [],
): string {
  const now = partsOf(toIstIso(at));
  const sunday = addDays(now.key, 7 - weekdayOf(now.key));
  const isCancelled = (o: Occurrence) =>
    cancelled.some((c) => c.starts_at === o.starts_at && c.facilitator.toLowerCase() === o.facilitator.toLowerCase());
  // Cancelled after the moves: an occurrence moved onto a day and then cancelled there (a holiday) is gone too.
  const week = withMoves(
    sessionsOfWeek(now.key, sessions).map(({ starts_at, facilitator }) => ({ starts_at, facilitator })),
    moves,
  )
    .filter((o) => !isCancelled(o))
    .map((occurrence) => ({ ...partsOf(occurrence.starts_at), facilitator: occurrence.facilitator }));
  const left = week.filter(
    ({ key, time }) => key <= sunday && (key > now.key || (key === now.key && time >= now.time)),
  );
  const lines = left.map(
    ({ key, time, facilitator }) => `${scheduleDayName(key)}: ${formatClockTime(time)} with ${facilitator}`,
  );
  return lines.length > 0 ? lines.join('\n') : NO_SESSIONS_SENTINEL;
}
