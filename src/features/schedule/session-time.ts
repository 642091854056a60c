/**
 * A schedule line's time as minutes after midnight in India: '5:00 PM',
 * '17:00', '5 pm', or a range ('6:30 PM - 7:30 PM', '6:30-7:15 PM',
 * '11 AM to 12:30'). One half of a range without AM/PM takes the other
 * half's, or the opposite one when that alone keeps the start before the end
 * ('11-12:30 PM' starts at 11 AM). A range may cross midnight. Anything
 * vaguer ('evening', a bare '5', a range over 12 hours) reads as no time.
 */

export interface SessionTime {
  start: number;
  /** After `start`; past 1440 when the session runs beyond midnight. */
  end: number;
  /** The text gave the end; otherwise `end` is the default length after the start. */
  endGiven: boolean;
}

/** The session length when the text gives no end. */
export const DEFAULT_SESSION_MINUTES = 60;
const LONGEST_SESSION_MINUTES = 12 * 60;
const DAY_MINUTES = 24 * 60;

type Meridiem = 'am' | 'pm';

interface Clock {
  hour: number;
  minute: number | undefined;
  meridiem: Meridiem | undefined;
}

const CLOCK = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?`;
const TIME = new RegExp(String.raw`^${CLOCK}(?:\s*(?:-|–|—|to)\s*${CLOCK})?(?:\s*\(?ist\)?)?$`);

function clock(hour: string | undefined, minute: string | undefined, meridiem: string | undefined): Clock {
  return {
    hour: Number(hour),
    minute: minute === undefined ? undefined : Number(minute),
    meridiem: meridiem as Meridiem,
  };
}

/** Minutes after midnight, or undefined when the clock is not a real one or needs an AM/PM it lacks. */
function minutesOf({ hour, minute, meridiem }: Clock, assumed: Meridiem | undefined = meridiem): number | undefined {
  const minutes = minute ?? 0;
  if (minutes > 59) return undefined;
  if (assumed) return hour >= 1 && hour <= 12 ? ((hour % 12) + (assumed === 'pm' ? 12 : 0)) * 60 + minutes : undefined;
  // A 24-hour clock must say its minutes: a bare '5' could be morning or evening.
  return minute !== undefined && hour <= 23 ? hour * 60 + minutes : undefined;
}

const opposite = (meridiem: Meridiem): Meridiem => (meridiem === 'am' ? 'pm' : 'am');

/** The start and end of a range where at most one half says AM or PM. */
function rangeMinutes(start: Clock, end: Clock): [number | undefined, number | undefined] {
  if (!start.meridiem && end.meridiem) {
    const endMinutes = minutesOf(end);
    const same = minutesOf(start, end.meridiem);
    const before = same !== undefined && endMinutes !== undefined && same < endMinutes;
    return [before ? same : minutesOf(start, opposite(end.meridiem)), endMinutes];
  }
  if (start.meridiem && !end.meridiem) {
    const startMinutes = minutesOf(start);
    const same = minutesOf(end, start.meridiem);
    const after = same !== undefined && startMinutes !== undefined && same > startMinutes;
    return [startMinutes, after ? same : minutesOf(end, opposite(start.meridiem))];
  }
  return [minutesOf(start), minutesOf(end)];
}

export function readSessionTime(text: string): SessionTime | undefined {
  const normal = text
    .toLowerCase()
    .replace(/([ap])\.?\s?m\b\.?/g, '$1m')
    .trim();
  const match = TIME.exec(normal);
  if (!match) return undefined;
  const [, h1, m1, a1, h2, m2, a2] = match;
  const start = clock(h1, m1, a1);
  if (h2 === undefined) {
    const minutes = minutesOf(start);
    return minutes === undefined
      ? undefined
      : { start: minutes, end: minutes + DEFAULT_SESSION_MINUTES, endGiven: false };
  }
  const [from, to] = rangeMinutes(start, clock(h2, m2, a2));
  if (from === undefined || to === undefined) return undefined;
  const end = to > from ? to : to + DAY_MINUTES;
  return end - from <= LONGEST_SESSION_MINUTES ? { start: from, end, endGiven: true } : undefined;
}
