/**
 * India's time for the whole portal, with no date library: every envelope
 * carries `timestamp_ist`, so this module is on every screen's start, where
 * date-fns-tz (about 66 ms of evaluation at 4x CPU) would cost a long task.
 * What needs the time-zone database (a wall-clock time in India turned into
 * a moment, the roster's English formats) is in ist-zone.ts.
 */
import { activeLocale } from '../i18n/catalog.ts';
import { INTL_LOCALE, type Locale } from '../i18n/locale.ts';

/** Every timestamp and every date a person reads is in the programme's zone. */
export const TIME_ZONE = 'Asia/Kolkata';

/** India's offset from UTC: +05:30 all year, with no daylight saving since 1945. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** ISO 8601 with milliseconds and an explicit offset, e.g. 2026-11-23T07:21:45.120+05:30. */
export function toIstIso(at: Date): string {
  // India's wall clock, read from the UTC fields of a Date moved by the offset.
  const clock = new Date(at.getTime() + IST_OFFSET_MS);
  if (Number.isNaN(clock.getTime())) throw new RangeError('Invalid time value');
  const day = `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}`;
  const time = `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}:${pad(clock.getUTCSeconds())}`;
  return `${day}T${time}.${pad(clock.getUTCMilliseconds(), 3)}+05:30`;
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
 * The one way a time of day reads, in each language: "5:00 PM" in
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

/**
 * How a month is named: short in English, as the spec writes it ("25 Nov");
 * in full in Hindi ("25 नवंबर"), whose short names ("नव॰") few parents read
 * and the calendar on the same screen does not use.
 */
const MONTH: Record<Locale, 'short' | 'long'> = { en: 'short', hi: 'long' };

/** "24 Nov 2026, 5:30 PM" ("24 नवंबर 2026, शाम 5:30") for a moment, as seen in India. */
export function formatIstDateTime(at: Date, locale: Locale = activeLocale()): string {
  const day = intl(locale, { day: 'numeric', month: MONTH[locale], year: 'numeric', timeZone: TIME_ZONE }).format(at);
  return `${day}, ${timeIn(locale, at, TIME_ZONE)}`;
}

/** "Wednesday, 25 Nov" ("बुधवार, 25 नवंबर") for a day on India's calendar. */
export function formatIstDay({ year, month, day }: Omit<IstDay, 'weekday'>, locale: Locale = activeLocale()): string {
  const utcNoon = new Date(Date.UTC(year, month - 1, day, 12));
  return intl(locale, { weekday: 'long', day: 'numeric', month: MONTH[locale], timeZone: 'UTC' }).format(utcNoon);
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

/** "24 Nov 2026" ("24 नवंबर 2026") for a `YYYY-MM-DD` day key; the key is returned unchanged if it is not one. */
export function formatDayKey(key: string, locale: Locale = activeLocale()): string {
  const match = DAY_KEY.exec(key);
  if (!match) return key;
  const [, y, m, d] = match;
  const utcNoon = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
  return intl(locale, { day: 'numeric', month: MONTH[locale], year: 'numeric', timeZone: 'UTC' }).format(utcNoon);
}

/** A day on India's calendar; `weekday` is ISO: 1 Monday … 7 Sunday. */
export interface IstDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}
