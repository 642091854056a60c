/**
 * India's time through the time-zone database (date-fns-tz): the day of a
 * moment and the moment of a wall-clock time in India, for the schedule
 * screen, and the fixed English formats the reference server writes. Only
 * the schedule screen and the server import it, so the library stays off the
 * start of every other screen (ist.ts); and the portal's two functions need
 * none of date-fns's `format`, which the server's formats bring.
 */
import { formatInTimeZone, fromZonedTime, toZonedTime } from 'date-fns-tz';
import { TIME_ZONE, type IstDay } from './ist.ts';

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

/** The day it is in India at a moment, whatever zone the phone itself is set to. */
export function istDayOf(at: Date): IstDay {
  // A Date whose local fields show India's wall clock at that moment.
  const clock = toZonedTime(at, TIME_ZONE);
  return { year: clock.getFullYear(), month: clock.getMonth() + 1, day: clock.getDate(), weekday: clock.getDay() || 7 };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The moment India's clocks show `minutes` past midnight of a day; past 24 h it runs into the next day. */
export function istMoment({ year, month, day }: Omit<IstDay, 'weekday'>, minutes: number): Date {
  // Through UTC fields, so minutes past 24 h run into the next day and the phone's own zone plays no part.
  const wall = new Date(Date.UTC(year, month - 1, day, 0, minutes));
  const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  return fromZonedTime(`${date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:00`, TIME_ZONE);
}
