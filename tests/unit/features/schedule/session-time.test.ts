import { describe, expect, it } from 'vitest';
import { readSessionTime } from '../../../../src/features/schedule/session-time.ts';

/** "HH:mm" (hours past 24 for the next day) for a minute count, so the table reads like clocks. */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function read(text: string): [string, string] | undefined {
  const time = readSessionTime(text);
  return time && [clock(time.start), clock(time.end)];
}

describe('readSessionTime', () => {
  it.each([
    ['5:00 PM', '17:00', '18:00'],
    ['5 pm', '17:00', '18:00'],
    ['5:30p.m.', '17:30', '18:30'],
    ['17:00', '17:00', '18:00'],
    ['12:00 PM', '12:00', '13:00'],
    ['12:15 AM', '00:15', '01:15'],
    ['11:30 PM', '23:30', '24:30'],
    ['10:00 AM IST', '10:00', '11:00'],
  ])('reads %s as %s for an hour', (text, start, end) => {
    expect(read(text)).toEqual([start, end]);
    expect(readSessionTime(text)?.endGiven).toBe(false);
  });

  it.each([
    ['6:30 PM - 7:30 PM', '18:30', '19:30'],
    ['6:30-7:15 PM', '18:30', '19:15'],
    ['6:30 PM – 7:15', '18:30', '19:15'],
    ['11-12:30 PM', '11:00', '12:30'],
    ['11 AM to 12:30', '11:00', '12:30'],
    ['12-1 PM', '12:00', '13:00'],
    ['11:30 PM - 12:30 AM', '23:30', '24:30'],
    ['18:00-19:30', '18:00', '19:30'],
  ])('reads the range %s as %s to %s', (text, start, end) => {
    expect(read(text)).toEqual([start, end]);
    expect(readSessionTime(text)?.endGiven).toBe(true);
  });

  it.each([
    ['evening'],
    ['5'],
    ['5-6'],
    ['13:00 PM'],
    ['5:75 PM'],
    ['24:00'],
    ['6:00 AM - 7:00 PM'],
    ['5:00 PM sharp'],
  ])('reads %s as no time', (text) => {
    expect(read(text)).toBeUndefined();
  });
});
