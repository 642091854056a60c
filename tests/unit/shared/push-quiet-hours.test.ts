import { describe, expect, it } from 'vitest';
import { clockMinutes, isQuiet, quietHoursEnd, showableAt } from '../../../src/shared/push/quiet-hours.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/webhook/push.ts';

// India is UTC+05:30: 21:00 IST is 15:30Z, 07:00 IST is 01:30Z.
const NIGHT = DEFAULT_NOTIFICATION_SETTINGS;
const AFTERNOON = { quiet_start: '13:00', quiet_end: '15:00' };
const NONE = { quiet_start: '22:00', quiet_end: '22:00' };

describe('quiet hours on India’s clock', () => {
  it.each([
    ['20:59 IST, a minute before they start', NIGHT, '2026-11-24T15:29:00Z', false],
    ['21:00 IST, as they start', NIGHT, '2026-11-24T15:30:00Z', true],
    ['23:59 IST, before midnight', NIGHT, '2026-11-24T18:29:00Z', true],
    ['00:00 IST, past midnight', NIGHT, '2026-11-24T18:30:00Z', true],
    ['06:59 IST, a minute before they end', NIGHT, '2026-11-25T01:29:00Z', true],
    ['07:00 IST, as they end', NIGHT, '2026-11-25T01:30:00Z', false],
    ['noon IST', NIGHT, '2026-11-25T06:30:00Z', false],
    ['14:00 IST inside an afternoon span', AFTERNOON, '2026-11-25T08:30:00Z', true],
    ['15:00 IST, the end of an afternoon span', AFTERNOON, '2026-11-25T09:30:00Z', false],
    ['23:00 IST outside an afternoon span', AFTERNOON, '2026-11-25T17:30:00Z', false],
    ['22:00 IST when start and end are equal', NONE, '2026-11-25T16:30:00Z', false],
  ])('at %s: quiet is %s', (_case, quiet, at, expected) => {
    expect(isQuiet(quiet, new Date(at))).toBe(expected);
  });

  it.each([
    ['22:00 IST, before midnight: the next morning', NIGHT, '2026-11-24T16:30:00Z', '2026-11-25T01:30:00.000Z'],
    ['03:00 IST, past midnight: the same morning', NIGHT, '2026-11-24T21:30:00Z', '2026-11-25T01:30:00.000Z'],
    ['New Year’s Eve 23:30 IST: 07:00 on 1 January', NIGHT, '2026-12-31T18:00:00Z', '2027-01-01T01:30:00.000Z'],
    ['14:00 IST in an afternoon span: 15:00 that day', AFTERNOON, '2026-11-25T08:30:00Z', '2026-11-25T09:30:00.000Z'],
  ])('at %s they end at the right moment', (_case, quiet, at, end) => {
    expect(quietHoursEnd(quiet, new Date(at))?.toISOString()).toBe(end);
    expect(showableAt(quiet, new Date(at)).toISOString()).toBe(end);
  });

  it('shows at once what comes outside the quiet hours', () => {
    const noon = new Date('2026-11-25T06:30:00Z');
    expect(quietHoursEnd(NIGHT, noon)).toBeUndefined();
    expect(showableAt(NIGHT, noon)).toBe(noon);
  });

  it.each(['7:00', '24:00', '12:60', '', '12:00:00'])('refuses "%s" as a clock time', (time) => {
    expect(() => clockMinutes(time)).toThrow(RangeError);
  });
});
