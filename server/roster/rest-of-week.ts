import { TIME_ZONE } from '../../src/shared/format/ist.ts';
import { NO_SESSIONS_SENTINEL } from '../../src/shared/schedule/parser.ts';
import type { WeeklySession } from './roster-store.ts';
import { weekdayName } from './weekdays.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const ISO_WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface IstNow {
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** "HH:mm", comparable as text with a session's time. */
  time: string;
}

function istNow(at: Date): IstNow {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: ISO_WEEKDAY[parts.weekday ?? ''] ?? 1,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** "Wednesday 25 Nov": the date that weekday falls on in the current week in India. */
function dayLabel(now: IstNow, weekday: number): string {
  const date = new Date(Date.UTC(now.year, now.month - 1, now.day + (weekday - now.weekday)));
  return `${weekdayName(weekday)} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "17:00" → "5:00 PM". */
function timeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The sessions left in the current week (Monday to Sunday, Asia/Kolkata) as
 * 'Day: time with facilitator' lines in order, or the spec's sentinel when
 * none are left. A session starting this very minute still counts.
 */
export function restOfWeek(sessions: readonly WeeklySession[], at: Date): string {
  const now = istNow(at);
  const lines = sessions
    .filter((s) => s.weekday > now.weekday || (s.weekday === now.weekday && s.time >= now.time))
    .sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time))
    .map((s) => `${dayLabel(now, s.weekday)}: ${timeLabel(s.time)} with ${s.facilitator}`);
  return lines.length > 0 ? lines.join('\n') : NO_SESSIONS_SENTINEL;
}
