import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatIstWeekdayDate,
  istDayOf,
  istMoment,
  istWeekdayAndTime,
} from '../../../../src/shared/format/ist-zone.ts';

describe('IST through the time-zone database', () => {
  it('writes a weekday and date for people, in India', () => {
    expect(formatIstWeekdayDate(new Date('2026-11-23T20:00:00Z'))).toBe('Tuesday 24 Nov');
  });

  it.each([
    ['Monday 00:00 in India, still Sunday in UTC', '2026-11-22T18:30:00Z', { weekday: 1, time: '00:00' }],
    ['Sunday 23:59 in India', '2026-11-29T18:29:00Z', { weekday: 7, time: '23:59' }],
  ])('reads the weekday and time of %s', (_case, at, expected) => {
    expect(istWeekdayAndTime(new Date(at))).toEqual(expected);
  });

  it.each([
    ['00:00', '12:00 AM'],
    ['09:05', '9:05 AM'],
    ['12:00', '12:00 PM'],
    ['23:59', '11:59 PM'],
  ])('writes the clock time %s as %s', (time, shown) => {
    expect(formatClockTime(time)).toBe(shown);
  });

  it.each([
    ['Monday in India, still Sunday in UTC', '2026-11-22T18:30:00Z', { year: 2026, month: 11, day: 23, weekday: 1 }],
    ['Sunday 23:59 in India', '2026-11-29T18:29:00Z', { year: 2026, month: 11, day: 29, weekday: 7 }],
    ['New Year in India', '2026-12-31T18:30:00Z', { year: 2027, month: 1, day: 1, weekday: 5 }],
  ])('reads the day of %s', (_case, at, expected) => {
    expect(istDayOf(new Date(at))).toEqual(expected);
  });

  it('turns a time on India’s clock into its moment, past midnight into the next day', () => {
    expect(istMoment({ year: 2026, month: 11, day: 23 }, 17 * 60).toISOString()).toBe('2026-11-23T11:30:00.000Z');
    expect(istMoment({ year: 2026, month: 12, day: 31 }, 24 * 60 + 30).toISOString()).toBe('2026-12-31T19:00:00.000Z');
  });
});
