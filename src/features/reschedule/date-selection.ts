import { formatDayKey, toDayKey } from '../../shared/format/ist.ts';
import { checkRescheduleDays } from '../../shared/rules/reschedule.ts';
import type { PayloadByAction } from '../../shared/webhook/types.ts';
import { type RescheduleMessages } from './messages.ts';

/**
 * The calendar's selection and the rules around it (the spec). Days are
 * compared as `YYYY-MM-DD` keys of the picked calendar day, so neither the
 * phone's time zone nor the time of day can move a date.
 */
export interface DaySelection {
  start?: Date | undefined;
  end?: Date | undefined;
}

export const NO_SELECTION: DaySelection = {};

// The screens take India's today from here, beside the selection it bounds.
export { istTodayKey } from '../../shared/rules/reschedule.ts';

/** The calendar's Date for a day key: midnight of that day on the phone's clock. */
export function dayFromKey(key: string): Date {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** Nothing, then a start, then a completed range; a tap on a completed range starts a new one. */
export function selectDay(selection: DaySelection, day: Date): DaySelection {
  const { start, end } = selection;
  if (!start || end) return { start: day };
  if (toDayKey(day) < toDayKey(start)) return { start: day, end: start };
  return { start, end: day };
}

/** A picked day as the summary writes it: its spaces do not break, so a date never wraps in the middle. */
const dayText = (day: Date) => formatDayKey(toDayKey(day)).replace(/ /g, '\u00a0');

/** The summary line under the calendar. */
export function describeSelection(selection: DaySelection, t: RescheduleMessages): string {
  const { start, end } = selection;
  if (!start) return t.nothingSelected;
  const startText = dayText(start);
  if (!end) return t.selectedStart(startText);
  const endText = dayText(end);
  return startText === endText ? t.selectedDate(startText) : t.selectedRange(startText, endText);
}

export type RescheduleRequest =
  | { action: 'reschedule_single'; payload: PayloadByAction['reschedule_single'] }
  | { action: 'reschedule_range'; payload: PayloadByAction['reschedule_range'] };

export type SelectionProblem = 'none' | 'invalid';

function isRealDate(day: Date | undefined): day is Date {
  return day !== undefined && !Number.isNaN(day.getTime());
}

/**
 * What a selection asks for: a lone day (a start alone, or a start and end on
 * the same day) is a single-day reschedule, two days a range. A selection
 * no tap could make (an end without a start or before it, a broken date) is
 * invalid, and so is one that has become past: a day picked before midnight
 * in India and sent after it.
 */
export function toRescheduleRequest(selection: DaySelection, todayKey: string): RescheduleRequest | SelectionProblem {
  const { start, end } = selection;
  if (start === undefined && end === undefined) return 'none';
  if (!isRealDate(start) || (end !== undefined && !isRealDate(end))) return 'invalid';
  const startKey = toDayKey(start);
  const endKey = end ? toDayKey(end) : startKey;
  if (checkRescheduleDays(startKey, endKey, todayKey)) return 'invalid';
  if (endKey === startKey) return { action: 'reschedule_single', payload: { date: startKey } };
  return { action: 'reschedule_range', payload: { start_date: startKey, end_date: endKey } };
}
