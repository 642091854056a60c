import { describe, expect, it } from 'vitest';
import {
  occurrenceChanged,
  sessionsOnDay,
  type DaySession,
  type StandingChange,
} from '../../../../src/shared/announcements/occurrences.ts';

const FRIDAY = '2026-12-04';
const SATURDAY = '2026-12-05';
const asha: DaySession = { number_key: '+911', time: '17:00', facilitator: 'Priya Sharma' };
const meena: DaySession = { number_key: '+912', time: '17:00', facilitator: 'Priya Sharma' };
const ravi: DaySession = { number_key: '+913', time: '10:30', facilitator: 'Rahul Iyer' };
const change = (session: DaySession, day: string, movedTo: string | null = null): StandingChange => ({
  number_key: session.number_key,
  starts_at: `${day}T${session.time}:00+05:30`,
  facilitator: session.facilitator,
  moved_to: movedTo,
});
/** Asha's Friday 5 PM moved to Saturday 11 AM. */
const ashaMoved = change(asha, FRIDAY, `${SATURDAY}T11:00:00+05:30`);

describe('which occurrences a session change acts on', () => {
  it('takes one change per occurrence: any of its parents with a change standing for it refuses a second', () => {
    expect(occurrenceChanged([], [asha, meena], FRIDAY)).toBe(false);
    expect(occurrenceChanged([change(meena, FRIDAY)], [asha, meena], FRIDAY)).toBe(true);
    expect(occurrenceChanged([ashaMoved], [asha, meena], FRIDAY)).toBe(true);
    // The same session a week later, or another facilitator's at that time, is another occurrence.
    expect(occurrenceChanged([change(meena, '2026-11-27')], [asha, meena], FRIDAY)).toBe(false);
    expect(occurrenceChanged([{ ...change(meena, FRIDAY), facilitator: 'Rahul Iyer' }], [meena], FRIDAY)).toBe(false);
  });

  it('cancels on a holiday what is on the day: not an occurrence moved away or cancelled, but one moved onto it', () => {
    expect(sessionsOnDay(FRIDAY, [asha, meena], [ashaMoved])).toEqual([meena]);
    expect(sessionsOnDay(FRIDAY, [asha, meena], [change(meena, FRIDAY)])).toEqual([asha]);
    expect(sessionsOnDay(SATURDAY, [ravi], [ashaMoved])).toEqual([
      ravi,
      { number_key: '+911', time: '11:00', facilitator: 'Priya Sharma' },
    ]);
    // Moved onto the day and cancelled there since: nothing left to cancel.
    const cancelledThere = { ...change(asha, SATURDAY), starts_at: `${SATURDAY}T11:00:00+05:30` };
    expect(sessionsOnDay(SATURDAY, [], [ashaMoved, cancelledThere])).toEqual([]);
  });
});
