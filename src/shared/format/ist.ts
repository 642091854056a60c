import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { activeLocale } from '../i18n/catalog.ts';
import { INTL_LOCALE, type Locale } from '../i18n/locale.ts';

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

/**
 * What a person reads goes through Intl in the page's language (en-IN or
 * hi-IN, Latin digits in both); what the webhook or the server writes stays
 * in the fixed English formats above.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function intl(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // Making a formatter costs far more than using one: a thread of 1,000 messages asks for 2,000 of them.
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one way a time of day reads, in each language (issue 27): "5:00 PM" in
 * English, "शाम 5:00" ("evening 5:00") in Hindi, whose Intl would otherwise
 * end the time in a Latin "pm".
 */
const TIME_OPTIONS: Record<Locale, Intl.DateTimeFormatOptions> = {
  en: { hour: 'numeric', minute: '2-digit', hour12: true },
  hi: { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' },
};

function timeIn(locale: Locale, at: Date, timeZone: string): string {
  const text = intl(locale, { ...TIME_OPTIONS[locale], timeZone }).format(at);
  return locale === 'en' ? text.replace(/\b([ap])m\b/, (period) => period.toUpperCase()) : text;
}

/** "5:00 PM" ("शाम 5:00") for a time of day in India given as minutes after midnight; past 24 h, the next day's. */
export function formatMinutes(minutes: number, locale: Locale = activeLocale()): string {
  return timeIn(locale, new Date(Date.UTC(2000, 0, 1, 0, minutes)), 'UTC');
}

/** "24 Nov 2026, 5:30 PM" ("24 नव॰ 2026, शाम 5:30") for a moment, as seen in India. */
export function formatIstDateTime(at: Date, locale: Locale = activeLocale()): string {
  const day = intl(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }).format(at);
  return `${day}, ${timeIn(locale, at, TIME_ZONE)}`;
}

/** "Wednesday, 25 Nov" ("बुधवार, 25 नव॰") for a day on India's calendar. */
export function formatIstDay({ year, month, day }: Omit<IstDay, 'weekday'>, locale: Locale = activeLocale()): string {
  const utcNoon = new Date(Date.UTC(year, month - 1, day, 12));
  return intl(locale, { weekday: 'long', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(utcNoon);
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

/** "24 Nov 2026" ("24 नव॰ 2026") for a `YYYY-MM-DD` day key; the key is returned unchanged if it is not one. */
export function formatDayKey(key: string, locale: Locale = activeLocale()): string {
  const match = DAY_KEY.exec(key);
  if (!match) return key;
  const [, y, m, d] = match;
  const utcNoon = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
  return intl(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(utcNoon);
}

/** A day on India's calendar; `weekday` is ISO: 1 Monday … 7 Sunday. */
export interface IstDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** The day it is in India at a moment, whatever zone the phone itself is set to. */
export function istDayOf(at: Date): IstDay {
  const [year = 0, month = 0, day = 0, weekday = 0] = formatInTimeZone(at, TIME_ZONE, 'yyyy M d i')
    .split(' ')
    .map(Number);
  return { year, month, day, weekday };
}

/** The moment India's clocks show `minutes` past midnight of a day; past 24 h it runs into the next day. */
export function istMoment({ year, month, day }: Omit<IstDay, 'weekday'>, minutes: number): Date {
  const wallClock = new Date(Date.UTC(year, month - 1, day, 0, minutes));
  return fromZonedTime(formatInTimeZone(wallClock, 'UTC', "yyyy-MM-dd'T'HH:mm:ss"), TIME_ZONE);
}
