import { formatClockTime, formatIstWeekdayDate, istWeekdayAndTime } from '../../src/shared/format/ist-zone.ts';
import { NO_SESSIONS_SENTINEL } from '../../src/shared/schedule/parser.ts';
import type { WeeklySession } from './roster-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sessions left in the current week (Monday to Sunday, Asia/Kolkata) as
 * 'Day: time with facilitator' lines in order, or the spec's sentinel when
 * none are left. A session starting this very minute still counts. India
 * keeps no daylight saving, so whole days from now fall on whole days there.
 */
export function restOfWeek(sessions: readonly WeeklySession[], at: Date): string {
  const now = istWeekdayAndTime(at);
  const dayOf = (weekday: number) => formatIstWeekdayDate(new Date(at.getTime() + (weekday - now.weekday) * DAY_MS));
  const lines = sessions
    .filter((s) => s.weekday > now.weekday || (s.weekday === now.weekday && s.time >= now.time))
    .sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time))
    .map((s) => `${dayOf(s.weekday)}: ${formatClockTime(s.time)} with ${s.facilitator}`);
  return lines.length > 0 ? lines.join('\n') : NO_SESSIONS_SENTINEL;
}
