/**
 * How /staff names the days a reschedule request asks for. Which session a
 * request concerns and what the parent is told of it are the shared rules
 * both backends run (src/shared/schedule/request-session.ts).
 */
import type { Asked } from '../../src/shared/rules/request-outcome.ts';
import { scheduleDayName } from '../../src/shared/schedule/week.ts';

/** "Mon 30 Nov", the short form staff read in a list. */
export function shortDayName(key: string): string {
  return scheduleDayName(key).replace(/^(\w{3})\w*/, '$1');
}

/** "Mon 30 Nov – Thu 3 Dec", or "Mon 30 Nov" for one day. */
export function askedText({ start, end }: Asked): string {
  return start === end ? shortDayName(start) : `${shortDayName(start)} – ${shortDayName(end)}`;
}
