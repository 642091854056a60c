import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDayKey,
  formatIstDateTime,
  formatIstDay,
  formatIstWeekdayDate,
  formatMinutes,
  istWeekdayAndTime,
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

  it('writes dates and times for people, in India', () => {
    expect(formatIstWeekdayDate(new Date('2026-11-23T20:00:00Z'))).toBe('Tuesday 24 Nov');
    expect(formatIstDateTime(new Date('2026-11-23T12:00:00Z'))).toBe('23 Nov 2026, 5:30 PM');
  });

  it.each([
    ['en', '23 Nov 2026, 11:59 PM', '24 Nov 2026'],
    ['hi', '23 नव॰ 2026, रात 11:59', '24 नव॰ 2026'],
  ] as const)('writes them in %s with Latin digits, still in India’s time', (locale, moment, day) => {
    expect(formatIstDateTime(new Date('2026-11-23T18:29:00Z'), locale)).toBe(moment);
    expect(formatDayKey('2026-11-24', locale)).toBe(day);
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
    expect(formatIstDay({ year: 2026, month: 11, day: 25 }, 'hi')).toBe('बुधवार, 25 नव॰');
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
