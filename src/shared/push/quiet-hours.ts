/**
 * A parent's quiet hours: a span of India's wall clock, from `quiet_start`
 * (inside) to `quiet_end` (outside), that runs past midnight when the end is
 * earlier than the start (21:00 to 07:00). Equal ends mean no quiet hours.
 * Nothing is shown inside them: the server holds a reply's push until they
 * end and drops a reminder whose moment falls in them.
 */
import { istDayOf, istMoment, istWeekdayAndTime } from '../format/ist-zone.ts';
import type { NotificationSettings } from '../webhook/push.ts';

/** A 24-hour wall-clock time, "HH:mm", as the settings and the JSON Schema write it. */
export const CLOCK_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const CLOCK_TIME = new RegExp(CLOCK_TIME_PATTERN);

const DAY_MINUTES = 24 * 60;

export type QuietHours = Pick<NotificationSettings, 'quiet_start' | 'quiet_end'>;

/** Minutes after midnight of an "HH:mm" time; throws on anything else, which the schema refuses first. */
export function clockMinutes(time: string): number {
  if (!CLOCK_TIME.test(time)) throw new RangeError(`Not an HH:mm time: ${time}`);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether India's clock at `at` is inside the quiet hours. */
export function isQuiet(quiet: QuietHours, at: Date): boolean {
  const start = clockMinutes(quiet.quiet_start);
  const end = clockMinutes(quiet.quiet_end);
  const now = clockMinutes(istWeekdayAndTime(at).time);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The moment the quiet hours around `at` end, or undefined when `at` is outside them. */
export function quietHoursEnd(quiet: QuietHours, at: Date): Date | undefined {
  if (!isQuiet(quiet, at)) return undefined;
  const start = clockMinutes(quiet.quiet_start);
  const end = clockMinutes(quiet.quiet_end);
  const now = clockMinutes(istWeekdayAndTime(at).time);
  // Past midnight the end is on the same day; before midnight, on the next.
  const nextDay = start > end && now >= start;
  return istMoment(istDayOf(at), end + (nextDay ? DAY_MINUTES : 0));
}

/** When something meant for `at` may be shown: `at` itself, or the end of the quiet hours it falls in. */
export function showableAt(quiet: QuietHours, at: Date): Date {
  return quietHoursEnd(quiet, at) ?? at;
}
