import { describe, expect, it } from 'vitest';
import {
  formatDayKey,
  formatIstDateTime,
  formatIstDay,
  formatMinutes,
  TIME_ZONE,
  toDayKey,
  toIstIso,
} from '../../../../src/shared/format/ist.ts';

describe('IST formatting', () => {
  it.each([
    ['2026-11-23T18:29:59.999Z', '2026-11-23T23:59:59.999+05:30'],
    ['2026-11-23T18:30:00.000Z', '2026-11-24T00:00:00.000+05:30'],
    ['2026-06-01T00:00:00.000Z', '2026-06-01T05:30:00.000+05:30'],
  ])('writes %s as %s', (utc, ist) => {
    expect(toIstIso(new Date(utc))).toBe(ist);
  });

  it('writes every moment as the time-zone database does, with no library, whatever zone the phone is in', () => {
    // The reference is Intl's own Asia/Kolkata (date-fns-tz goes through the phone's local time, and shifts an hour
    // where India's time falls in a daylight-saving gap of the phone's zone).
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
    });
    const reference = (moment: Date) => {
      const part = Object.fromEntries(intl.formatToParts(moment).map(({ type, value }) => [type, value]));
      return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}.${part.fractionalSecond}+05:30`;
    };
    // A moment every 7 h 13 min 17.123 s over five years: every hour, minute, day and year end is met.
    const step = ((7 * 60 + 13) * 60 + 17) * 1000 + 123;
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2029, 0, 1); at += step) {
      const moment = new Date(at);
      expect(toIstIso(moment)).toBe(reference(moment));
    }
    expect(() => toIstIso(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('writes dates and times for people, in India', () => {
    expect(formatIstDateTime(new Date('2026-11-23T12:00:00Z'))).toBe('23 Nov 2026, 5:30 PM');
  });

  it.each([
    ['en', '23 Nov 2026, 11:59 PM', '24 Nov 2026'],
    ['hi', '23 नवंबर 2026, रात 11:59', '24 नवंबर 2026'],
  ] as const)('writes them in %s with Latin digits, still in India’s time', (locale, moment, day) => {
    expect(formatIstDateTime(new Date('2026-11-23T18:29:00Z'), locale)).toBe(moment);
    expect(formatDayKey('2026-11-24', locale)).toBe(day);
  });

  it.each([
    [0, '12:00 AM', 'रात 12:00'],
    [9 * 60 + 5, '9:05 AM', 'सुबह 9:05'],
    [12 * 60, '12:00 PM', 'दोपहर 12:00'],
    [17 * 60 + 30, '5:30 PM', 'शाम 5:30'],
    [21 * 60, '9:00 PM', 'रात 9:00'],
    [24 * 60 + 30, '12:30 AM', 'रात 12:30'],
  ])('writes %i minutes after midnight as %s, and in Hindi as %s with no Latin letter', (minutes, english, hindi) => {
    expect(formatMinutes(minutes, 'en')).toBe(english);
    expect(formatMinutes(minutes, 'hi')).toBe(hindi);
  });

  it('writes a day on India’s calendar with its weekday, in either language', () => {
    expect(formatIstDay({ year: 2026, month: 11, day: 25 }, 'en')).toBe('Wednesday, 25 Nov');
    expect(formatIstDay({ year: 2026, month: 11, day: 25 }, 'hi')).toBe('बुधवार, 25 नवंबर');
  });

  it('keeps the picked calendar day whatever the clock time', () => {
    expect(toDayKey(new Date(2026, 10, 24, 0, 0))).toBe('2026-11-24');
    expect(toDayKey(new Date(2026, 10, 24, 23, 59))).toBe('2026-11-24');
    expect(toDayKey(new Date(2027, 0, 5))).toBe('2027-01-05');
  });

  it('writes a day key for people', () => {
    expect(formatDayKey('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDayKey('not a day')).toBe('not a day');
  });
});
