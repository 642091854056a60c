/**
 * The moments of a day in India at which what a spec works out from the clock (today, the sessions still ahead
 * this week, a time later today) and what the server works out a moment later can differ: midnight, 4:00 PM and
 * 11:59 PM (the times staff specs move a session to: nextFourPm) and the start of each test parent's session
 * that day. India keeps
 * +05:30 all year, so a day is 24 hours from midnight there.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** nextFourPm's times. */
const MOVED_TO = ['16:00', '23:59'];

export interface DailySession {
  /** ISO weekday in India: Monday 1 to Sunday 7. */
  weekday: number;
  /** 'HH:mm' in India. */
  time: string;
}

const msOfClock = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return (hours * 60 + minutes) * 60 * 1000;
};

/** How long until the next such moment, in milliseconds. */
export function msToNextClockEdge(now: Date, sessions: readonly DailySession[]): number {
  const shifted = now.getTime() + IST_OFFSET_MS;
  const sinceMidnight = ((shifted % DAY_MS) + DAY_MS) % DAY_MS;
  const weekday = new Date(shifted).getUTCDay() || 7;
  const edges = [...MOVED_TO, ...sessions.filter((s) => s.weekday === weekday).map((s) => s.time)]
    .map(msOfClock)
    .filter((edge) => edge > sinceMidnight);
  return Math.min(DAY_MS, ...edges) - sinceMidnight;
}
