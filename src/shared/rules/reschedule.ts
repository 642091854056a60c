import { toIstIso } from '../format/ist.ts';

/**
 * The reschedule rule (the spec), one for the calendar and the webhook: no
 * day before today in India, and the end not before the start. Days are
 * `YYYY-MM-DD` keys, which compare as text.
 */
export type RescheduleDaysProblem = 'past' | 'end-before-start';

/** Today in India as a day key, whatever zone the phone or the server is set to. */
export function istTodayKey(now: Date): string {
  return toIstIso(now).slice(0, 10);
}

export function checkRescheduleDays(start: string, end: string, todayKey: string): RescheduleDaysProblem | null {
  if (start < todayKey) return 'past';
  if (end < start) return 'end-before-start';
  return null;
}
