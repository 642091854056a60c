/**
 * The date a schedule line's day names, on India's calendar. The schedule
 * covers the rest of the week it was fetched in, so a bare weekday is its
 * next date from that day (the same weekday is that very day, never a week
 * later); a day of the month ('Wednesday 25 Nov', '25th', '2026-11-25') is
 * taken as given, in the month and year nearest that day (a month away at
 * most). Text that names two different days, or a weekday the date does not
 * fall on, reads as no date: no calendar entry beats a wrong one.
 */
import type { IstDay } from '../../shared/format/ist.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DAYS_FROM_TODAY: Record<string, number> = { today: 0, tomorrow: 1 };
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const DAY_MS = 86_400_000;
/** A schedule speaks of its own week: a date further away than this is a misreading, not a session. */
const MAX_DAYS_AWAY = 31;

/** A day on the calendar, with no clock: UTC arithmetic cannot shift it. */
export function addDays({ year, month, day }: IstDay, days: number): IstDay {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay() === 0 ? 7 : date.getUTCDay(),
  };
}

function daysBetween(from: IstDay, to: IstDay): number {
  return (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS;
}

/** 1-based position of a name, or of an abbreviation of at least three letters ('wed', 'thurs', 'sept'). */
function position(token: string, names: readonly string[]): number | undefined {
  if (token.length < 3) return undefined;
  const index = names.findIndex((name) => name.startsWith(token));
  return index === -1 ? undefined : index + 1;
}

interface DayWords {
  weekday?: number;
  date?: number;
  month?: number;
  year?: number;
  fromToday?: number;
}

/** What the words say, or undefined when one kind of word says two different things. */
function readWords(text: string): DayWords | undefined {
  const iso = ISO_DATE.exec(text);
  const found: Record<keyof DayWords, Set<number>> = {
    weekday: new Set(),
    date: new Set(),
    month: new Set(),
    year: new Set(),
    fromToday: new Set(),
  };
  if (iso) {
    found.year.add(Number(iso[1]));
    found.month.add(Number(iso[2]));
    found.date.add(Number(iso[3]));
  }
  const rest = iso ? text.replace(iso[0], ' ') : text;
  for (const token of rest.toLowerCase().split(/[^a-z0-9]+/)) {
    const number = /^(\d{1,4})(?:st|nd|rd|th)?$/.exec(token)?.[1];
    if (number !== undefined) found[number.length === 4 ? 'year' : 'date'].add(Number(number));
    else if (token in DAYS_FROM_TODAY) found.fromToday.add(DAYS_FROM_TODAY[token] ?? 0);
    const weekday = position(token, WEEKDAYS);
    if (weekday) found.weekday.add(weekday);
    const month = position(token, MONTHS);
    if (month) found.month.add(month);
  }
  const words: DayWords = {};
  for (const [kind, values] of Object.entries(found) as [keyof DayWords, Set<number>][]) {
    if (values.size > 1) return undefined;
    const [value] = values;
    if (value !== undefined) words[kind] = value;
  }
  return words;
}

/** The real date nearest `today` that fits a day of the month, if one is near enough. */
function nearestDate(words: DayWords, today: IstDay): IstDay | undefined {
  const { date = 0 } = words;
  const years = words.year ? [words.year] : [today.year - 1, today.year, today.year + 1];
  const months = words.month ? [words.month] : MONTHS.map((_, index) => index + 1);
  const near: IstDay[] = [];
  for (const year of years) {
    for (const month of months) {
      const candidate = addDays({ year, month, day: 1, weekday: 0 }, date - 1);
      const fits = candidate.month === month && (!words.weekday || candidate.weekday === words.weekday);
      if (fits && Math.abs(daysBetween(today, candidate)) <= MAX_DAYS_AWAY) near.push(candidate);
    }
  }
  const distance = (day: IstDay) => Math.abs(daysBetween(today, day));
  // On a tie the later date wins: the schedule looks ahead.
  return near.sort((a, b) => distance(a) - distance(b) || daysBetween(b, a))[0];
}

/** The date a schedule line's day text names, seen from `today` (the day the schedule was fetched, in India). */
export function readSessionDay(text: string, today: IstDay): IstDay | undefined {
  const words = readWords(text);
  if (!words) return undefined;
  if (words.date !== undefined) {
    const day = nearestDate(words, today);
    const agrees = words.fromToday === undefined || (day && daysBetween(today, day) === words.fromToday);
    return agrees ? day : undefined;
  }
  if (words.fromToday !== undefined) {
    const day = addDays(today, words.fromToday);
    return !words.weekday || day.weekday === words.weekday ? day : undefined;
  }
  if (words.month !== undefined || words.year !== undefined || !words.weekday) return undefined;
  return addDays(today, (words.weekday - today.weekday + 7) % 7);
}
