import { describe, expect, it } from 'vitest';
import { msToNextClockEdge } from '../../support/clock-edges.ts';

/** A moment given as India's wall clock. */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('the next moment a clock-reading spec must not straddle', () => {
  // 2026-11-29 is a Sunday (weekday 7), 2026-11-30 a Monday.
  const sessions = [
    { weekday: 7, time: '23:30' },
    { weekday: 1, time: '10:15' },
  ];

  it('is midnight in India at the end of the day, whatever zone the machine keeps', () => {
    expect(msToNextClockEdge(ist('2026-11-28T23:59:00'), sessions)).toBe(MINUTE);
    expect(msToNextClockEdge(new Date('2026-11-28T18:29:30Z'), sessions)).toBe(30 * SECOND);
  });

  it('is a session of that weekday only, or 4:00 PM and 11:59 PM, where specs move sessions', () => {
    expect(msToNextClockEdge(ist('2026-11-29T23:29:00'), sessions)).toBe(MINUTE);
    expect(msToNextClockEdge(ist('2026-11-29T23:31:00'), sessions)).toBe(28 * MINUTE);
    expect(msToNextClockEdge(ist('2026-11-28T10:14:00'), sessions)).toBe(5 * 60 * MINUTE + 46 * MINUTE);
    expect(msToNextClockEdge(ist('2026-11-30T10:14:00'), sessions)).toBe(MINUTE);
    expect(msToNextClockEdge(ist('2026-11-30T15:59:30'), sessions)).toBe(30 * SECOND);
  });

  it('has passed a moment at that moment', () => {
    expect(msToNextClockEdge(ist('2026-11-30T10:15:00'), sessions)).toBe(5 * 60 * MINUTE + 45 * MINUTE);
  });
});
