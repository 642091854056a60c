/**
 * What a Code node gets in place of src/shared/format/ist-zone.ts (code-node.ts resolves that module here): its
 * five functions at India's fixed offset (+05:30 all year, no summer time since 1945) instead of through the
 * time-zone database (date-fns-tz), which would make a Code node thousands of lines. The shared rules that use
 * them (quiet hours, reminders) stay whole in n8n. tests/unit/n8n/toolkit/india-time.test.ts holds each function
 * to ist-zone.ts's.
 */
import type { IstDay } from '../../../src/shared/format/ist.ts';

const OFFSET_MS = 330 * 60_000;
const two = (value: number) => String(value).padStart(2, '0');
/** India's wall clock at `at`, in a Date's UTC fields. */
const wall = (at: Date) => new Date(at.getTime() + OFFSET_MS);

export function istWeekdayAndTime(at: Date): { weekday: number; time: string } {
  const clock = wall(at);
  return { weekday: clock.getUTCDay() || 7, time: `${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}` };
}

export function formatIstWeekdayDate(at: Date): string {
  const clock = wall(at);
  const weekday = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ')[clock.getUTCDay()];
  return `${weekday} ${clock.getUTCDate()} ${'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[clock.getUTCMonth()]}`;
}

export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${two(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function istDayOf(at: Date): IstDay {
  const c = wall(at);
  return { year: c.getUTCFullYear(), month: c.getUTCMonth() + 1, day: c.getUTCDate(), weekday: c.getUTCDay() || 7 };
}

export function istMoment({ year, month, day }: Omit<IstDay, 'weekday'>, minutes: number): Date {
  return new Date(Date.UTC(year, month - 1, day, 0, minutes) - OFFSET_MS);
}
