import { formatClockTime } from '../../src/shared/format/ist-zone.ts';
import { toIstIso } from '../../src/shared/format/ist.ts';
import { NO_SESSIONS_SENTINEL } from '../../src/shared/schedule/parser.ts';
import { addDays, partsOf, scheduleDayName, sessionsOfWeek, weekdayOf, withMoves, type Move } from './week.ts';
import type { WeeklySession } from './roster-store.ts';

/**
 * The sessions left in the current week (Monday to Sunday, Asia/Kolkata) as
 * 'Day: time with facilitator' lines in order, or the spec's sentinel when
 * none are left. A session starting this very minute still counts. Confirmed
 * moves apply: a moved session shows at its new day and time (when that is
 * still in this week), and no longer at its old one.
 */
export function restOfWeek(sessions: readonly WeeklySession[], at: Date, moves: readonly Move[] = []): string {
  const now = partsOf(toIstIso(at));
  const sunday = addDays(now.key, 7 - weekdayOf(now.key));
  const lines = withMoves(
    sessionsOfWeek(now.key, sessions).map(({ starts_at, facilitator }) => ({ starts_at, facilitator })),
    moves,
  )
    .map((occurrence) => ({ ...partsOf(occurrence.starts_at), facilitator: occurrence.facilitator }))
    .filter(({ key, time }) => key <= sunday && (key > now.key || (key === now.key && time >= now.time)))
    .map(({ key, time, facilitator }) => `${scheduleDayName(key)}: ${formatClockTime(time)} with ${facilitator}`);
  return lines.length > 0 ? lines.join('\n') : NO_SESSIONS_SENTINEL;
}
