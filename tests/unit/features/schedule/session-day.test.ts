import { describe, expect, it } from 'vitest';
import { istDayOf } from '../../../../src/shared/format/ist-zone.ts';
import { readSessionDay } from '../../../../src/features/schedule/session-day.ts';

// The schedule's own week, fetched on Monday 23 Nov 2026 in India.
const MONDAY = istDayOf(new Date('2026-11-23T10:00:00+05:30'));
const NEW_YEAR_EVE = istDayOf(new Date('2026-12-30T10:00:00+05:30'));

function dateOf(text: string, today = MONDAY): string | undefined {
  const day = readSessionDay(text, today);
  return day && `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

describe('readSessionDay', () => {
  it.each([
    ['Wednesday', '2026-11-25'],
    ['wed', '2026-11-25'],
    ['Thurs', '2026-11-26'],
    ['Sunday', '2026-11-29'],
    ['Monday', '2026-11-23'],
    ['Today', '2026-11-23'],
    ['Tomorrow', '2026-11-24'],
    ['Wednesday 25 Nov', '2026-11-25'],
    ['Wed, 25th November', '2026-11-25'],
    ['25 Nov', '2026-11-25'],
    ['November 25', '2026-11-25'],
    ['Wednesday 25', '2026-11-25'],
    ['2026-11-25', '2026-11-25'],
    ['Wednesday 2 Dec', '2026-12-02'],
  ])('reads %s as %s, seen from Monday 23 Nov', (text, date) => {
    expect(dateOf(text)).toBe(date);
  });

  it('counts a weekday from the day the schedule was fetched: the same weekday is that day, not next week', () => {
    const friday = istDayOf(new Date('2026-11-27T09:00:00+05:30'));
    expect(dateOf('Friday', friday)).toBe('2026-11-27');
    expect(dateOf('Saturday', friday)).toBe('2026-11-28');
    expect(dateOf('Monday', friday)).toBe('2026-11-30');
  });

  it('finds the year of a day of the month across New Year', () => {
    expect(dateOf('Friday 1 Jan', NEW_YEAR_EVE)).toBe('2027-01-01');
    expect(dateOf('Thursday 31 Dec', NEW_YEAR_EVE)).toBe('2026-12-31');
    expect(dateOf('Friday', NEW_YEAR_EVE)).toBe('2027-01-01');
  });

  it.each([
    ['a weekday the date does not fall on', 'Thursday 25 Nov'],
    ['two different weekdays', 'Monday or Tuesday'],
    ['no day at all', 'Soon'],
    ['a month without a day', 'November'],
    ['a day that does not exist', '31 Nov'],
    ['tomorrow named as another weekday', 'Tomorrow, Thursday'],
    ['two different dates', '25 or 26 Nov'],
    ['a date a year away', '25 Nov 2027'],
  ])('reads %s as no date', (_, text) => {
    expect(dateOf(text)).toBeUndefined();
  });
});
