/**
 * When a schedule line's session is, as the parent reads it: the
 * backend writes its lines in English ('Monday: 5:00 PM with …'), so a line
 * whose day and time read (session-day.ts, session-time.ts) is written again
 * in the page's language, with 'Today' or 'Tomorrow' beside a day that is
 * one in India now; a line that does not read is shown as it came.
 */
import { formatIstDay, formatMinutes, type IstDay } from '../../shared/format/ist.ts';
import { istDayOf, istWeekdayAndTime } from '../../shared/format/ist-zone.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { addDays, readSessionDay } from './session-day.ts';
import { DEFAULT_SESSION_MINUTES, readSessionTime, type SessionTime } from './session-time.ts';

export type Soon = 'today' | 'tomorrow';

export interface SessionWhen {
  /** 'Wednesday, 25 Nov' ('बुधवार, 25 नवंबर'), or the line's own day text. */
  day: string;
  /** '5:00 PM' or '5:00 PM – 6:30 PM' when the line gives an end ('शाम 5:00'), or the line's own time text. */
  time: string;
  /** The date and the minutes after its midnight, when both read. */
  date: IstDay | undefined;
  clock: SessionTime | undefined;
  soon: Soon | undefined;
}

const sameDay = (a: IstDay, b: IstDay) => a.year === b.year && a.month === b.month && a.day === b.day;

function soonOf(date: IstDay, now: Date): Soon | undefined {
  const today = istDayOf(now);
  if (sameDay(date, today)) return 'today';
  return sameDay(date, addDays(today, 1)) ? 'tomorrow' : undefined;
}

/** `fetchedAt` names the week the line speaks of; `now` says which day is today. */
export function sessionWhen(
  entry: { day: string; time: string },
  fetchedAt: number,
  now: Date,
  locale: Locale,
): SessionWhen {
  const date = readSessionDay(entry.day, istDayOf(new Date(fetchedAt)));
  const clock = readSessionTime(entry.time);
  const time = clock
    ? [formatMinutes(clock.start, locale), ...(clock.endGiven ? [formatMinutes(clock.end, locale)] : [])].join(' – ')
    : entry.time;
  return {
    day: date ? formatIstDay(date, locale) : entry.day,
    time,
    date,
    clock,
    soon: date && soonOf(date, now),
  };
}

/** The same for a moment given as ISO 8601 (a request's session): its day and start on India's clock. */
export function startsAtWhen(iso: string, now: Date, locale: Locale): SessionWhen {
  const at = new Date(iso);
  const [hours = 0, minutes = 0] = istWeekdayAndTime(at).time.split(':').map(Number);
  const date = istDayOf(at);
  const start = hours * 60 + minutes;
  return {
    day: formatIstDay(date, locale),
    time: formatMinutes(start, locale),
    date,
    clock: { start, end: start + DEFAULT_SESSION_MINUTES, endGiven: false },
    soon: soonOf(date, now),
  };
}
