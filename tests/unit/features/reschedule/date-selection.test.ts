import { describe, expect, it } from 'vitest';
import {
  dayFromKey,
  describeSelection,
  NO_SELECTION,
  selectDay,
  toRescheduleRequest,
  type DaySelection,
} from '../../../../src/features/reschedule/date-selection.ts';
import { toDayKey } from '../../../../src/shared/format/ist.ts';
import { en } from '../../../../src/features/reschedule/messages.ts';

const day = dayFromKey;
const keys = (selection: DaySelection) => ({
  start: selection.start && toDayKey(selection.start),
  end: selection.end && toDayKey(selection.end),
});

describe('dayFromKey', () => {
  it('gives the calendar day itself back through toDayKey', () => {
    expect(toDayKey(dayFromKey('2026-02-28'))).toBe('2026-02-28');
    expect(dayFromKey('2026-02-28').getHours()).toBe(0);
  });
});

describe('selectDay', () => {
  it.each([
    ['nothing, a tap makes a start', NO_SELECTION, '2026-11-24', { start: '2026-11-24', end: undefined }],
    [
      'a start, a later tap ends the range',
      { start: day('2026-11-24') },
      '2026-11-27',
      { start: '2026-11-24', end: '2026-11-27' },
    ],
    [
      'a start, an earlier tap becomes the start',
      { start: day('2026-11-24') },
      '2026-11-20',
      { start: '2026-11-20', end: '2026-11-24' },
    ],
    [
      'a start, the same day again makes a one-day range',
      { start: day('2026-11-24') },
      '2026-11-24',
      { start: '2026-11-24', end: '2026-11-24' },
    ],
    [
      'a completed range, a tap starts over',
      { start: day('2026-11-24'), end: day('2026-11-27') },
      '2026-11-25',
      { start: '2026-11-25', end: undefined },
    ],
  ])('%s', (_case, selection: DaySelection, tapped, expected) => {
    expect(keys(selectDay(selection, day(tapped)))).toEqual(expected);
  });
});

describe('describeSelection', () => {
  const t = en;
  it.each([
    ['nothing', NO_SELECTION, 'No date selected yet.'],
    [
      'a start only',
      { start: day('2026-11-24') },
      'Selected start: 24 Nov 2026 (click another date to complete range)',
    ],
    ['a one-day range', { start: day('2026-11-24'), end: day('2026-11-24') }, 'Selected date: 24 Nov 2026'],
    ['a range', { start: day('2026-11-24'), end: day('2026-12-02') }, 'Selected range: 24 Nov 2026 - 2 Dec 2026'],
  ])('%s', (_case, selection: DaySelection, expected) => {
    expect(describeSelection(selection, t).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('keeps each date on one line: the range breaks between the dates, never inside one', () => {
    const range = describeSelection({ start: day('2026-11-24'), end: day('2026-12-02') }, t);
    expect(range).toBe('Selected range: 24\u00a0Nov\u00a02026 - 2\u00a0Dec\u00a02026');
  });
});

describe('toRescheduleRequest', () => {
  const today = '2026-11-23';
  it.each([
    ['nothing', NO_SELECTION, 'none'],
    [
      'a start alone is a single day',
      { start: day('2026-11-24') },
      { action: 'reschedule_single', payload: { date: '2026-11-24' } },
    ],
    ['today is allowed', { start: day(today) }, { action: 'reschedule_single', payload: { date: today } }],
    [
      'a one-day range is a single day',
      { start: day('2026-11-24'), end: day('2026-11-24') },
      { action: 'reschedule_single', payload: { date: '2026-11-24' } },
    ],
    [
      'two days make a range',
      { start: day('2026-11-24'), end: day('2026-11-27') },
      { action: 'reschedule_range', payload: { start_date: '2026-11-24', end_date: '2026-11-27' } },
    ],
    [
      'a range across a year end',
      { start: day('2026-12-30'), end: day('2027-01-02') },
      { action: 'reschedule_range', payload: { start_date: '2026-12-30', end_date: '2027-01-02' } },
    ],
    ['an end before the start', { start: day('2026-11-27'), end: day('2026-11-24') }, 'invalid'],
    ['an end without a start', { end: day('2026-11-24') }, 'invalid'],
    ['a start in the past (picked before midnight, sent after)', { start: day('2026-11-22') }, 'invalid'],
    ['a range starting in the past', { start: day('2026-11-22'), end: day('2026-11-24') }, 'invalid'],
    ['a broken start date', { start: new Date(Number.NaN) }, 'invalid'],
    ['a broken end date', { start: day('2026-11-24'), end: new Date(Number.NaN) }, 'invalid'],
  ])('%s', (_case, selection: DaySelection, expected) => {
    expect(toRescheduleRequest(selection, today)).toEqual(expected);
  });

  it('keeps the picked calendar day whatever the time of day on the Date', () => {
    const lateEvening = new Date(2026, 10, 24, 23, 59);
    expect(toRescheduleRequest({ start: lateEvening }, today)).toEqual({
      action: 'reschedule_single',
      payload: { date: '2026-11-24' },
    });
  });
});
