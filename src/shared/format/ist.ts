import { formatInTimeZone } from 'date-fns-tz';

/** Every timestamp and every date a person reads is in the programme's zone. */
export const TIME_ZONE = 'Asia/Kolkata';

/** ISO 8601 with milliseconds and an explicit offset, e.g. 2026-11-23T07:21:45.120+05:30. */
export function toIstIso(at: Date): string {
  return formatInTimeZone(at, TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

/** The ISO weekday (Monday 1 to Sunday 7) and the 24-hour "HH:mm" of a moment, as seen in India. */
export function istWeekdayAndTime(at: Date): { weekday: number; time: string } {
  const [weekday, time = ''] = formatInTimeZone(at, TIME_ZONE, 'i HH:mm').split(' ');
  return { weekday: Number(weekday), time };
}

/** "Wednesday 25 Nov" for a moment, as seen in India. */
export function formatIstWeekdayDate(at: Date): string {
  return formatInTimeZone(at, TIME_ZONE, 'EEEE d MMM');
}

/** "5:00 PM" for a 24-hour wall-clock time "17:00" (a time of day in India, with no date). */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return formatInTimeZone(new Date(Date.UTC(2000, 0, 1, hours, minutes)), 'UTC', 'h:mm a');
}

/** "24 Nov 2026, 5:30 pm" for a moment, as seen in India. */
export function formatIstDateTime(at: Date): string {
  return formatInTimeZone(at, TIME_ZONE, 'd MMM yyyy, h:mm aaa');
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day the person picked, as `YYYY-MM-DD`. It reads the local
 * fields of the picker's Date, so no time-zone shift can move the day.
 */
export function toDayKey(day: Date): string {
  const y = String(day.getFullYear()).padStart(4, '0');
  const m = String(day.getMonth() + 1).padStart(2, '0');
  const d = String(day.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** "24 Nov 2026" for a `YYYY-MM-DD` day key; the key is returned unchanged if it is not one. */
export function formatDayKey(key: string): string {
  const match = DAY_KEY.exec(key);
  if (!match) return key;
  const [, y, m, d] = match;
  const utcNoon = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
  return formatInTimeZone(utcNoon, 'UTC', 'd MMM yyyy');
}
