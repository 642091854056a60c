import { describe, expect, it } from 'vitest';
import { checkRescheduleDays, istTodayKey } from '../../../../src/shared/rules/reschedule.ts';

describe('istTodayKey', () => {
  it.each([
    ['2026-11-23T18:29:59.999Z', '2026-11-23'],
    ['2026-11-23T18:30:00.000Z', '2026-11-24'],
    ['2026-12-31T20:00:00.000Z', '2027-01-01'],
  ])('reads %s as %s in India', (instant, expected) => {
    expect(istTodayKey(new Date(instant))).toBe(expected);
  });
});

describe('checkRescheduleDays', () => {
  const today = '2026-11-25';
  it.each([
    ['today alone', today, today, null],
    ['a later day alone', '2026-11-27', '2026-11-27', null],
    ['a range from today', today, '2026-12-02', null],
    ['yesterday', '2026-11-24', '2026-11-24', 'past'],
    ['a range starting in the past', '2026-11-20', '2026-11-27', 'past'],
    ['an end before the start', '2026-11-28', '2026-11-27', 'end-before-start'],
    ['across a year', '2026-12-31', '2027-01-01', null],
  ] as const)('%s: %s to %s is %s', (_case, start, end, problem) => {
    expect(checkRescheduleDays(start, end, today)).toBe(problem);
  });
});
