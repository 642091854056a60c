import { describe, expect, it } from 'vitest';
import {
  programmeSequence,
  readScheduleChanges,
  toldChanges,
  withProgrammeMoves,
} from '../../../../src/shared/schedule/changes.ts';
import type { SessionMove } from '../../../../src/shared/schedule/requests.ts';
import type { ScheduleChange } from '../../../../src/shared/webhook/announcements.ts';
import type { SessionRef } from '../../../../src/shared/webhook/requests.ts';

const WEDNESDAY: SessionRef = {
  day: 'Wednesday',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
  starts_at: '2026-11-25T16:00:00+05:30',
};
const THURSDAY: SessionRef = { ...WEDNESDAY, day: 'Thursday', time: '5:00 PM', starts_at: '2026-11-26T17:00:00+05:30' };
const CANCELLED: ScheduleChange = { announcement_id: 'a1', kind: 'cancelled', session: WEDNESDAY, reason: 'Diwali' };
const MOVED: ScheduleChange = {
  announcement_id: 'a2',
  kind: 'moved',
  session: WEDNESDAY,
  moved_to: THURSDAY,
  reason: 'Facilitator unwell',
};
const RESTORED: ScheduleChange = { announcement_id: 'a1', kind: 'restored', session: WEDNESDAY, reason: 'Diwali' };
const FRIDAY: SessionRef = { ...WEDNESDAY, day: 'Friday', time: '11:00 AM', starts_at: '2026-11-27T11:00:00+05:30' };
const LOWER_CASED: SessionRef = { ...WEDNESDAY, facilitator: 'priya sharma' };
/** A confirmed request's move of `uidOf` to `to`, its `sequence`-th confirm, as sessionMoves reads it. */
const requestMove = (uidOf: SessionRef, to: SessionRef, sequence: number): SessionMove => ({
  startsAt: Date.parse(to.starts_at),
  uidOf,
  sequence,
});

describe('readScheduleChanges', () => {
  it.each<[string, unknown, ScheduleChange[]]>([
    [
      'an answer with changes',
      { schedule: 'Thursday: 5:00 PM with Priya Sharma', changes: [CANCELLED, MOVED] },
      [CANCELLED, MOVED],
    ],
    ['a list answer whose first item carries them', [{ schedule: '', changes: [MOVED] }], [MOVED]],
    ['an answer with none (an older webhook)', { schedule: 'Monday: 5:00 PM with Ms. Rao' }, []],
    ['a plain text answer', 'Monday: 5:00 PM with Ms. Rao', []],
    ['a move with nowhere to go is left out', { changes: [{ ...MOVED, moved_to: undefined }, CANCELLED] }, [CANCELLED]],
    ['a change with no reason is left out', { changes: [{ ...CANCELLED, reason: undefined }] }, []],
    ['a change of an unknown kind is left out', { changes: [{ ...CANCELLED, kind: 'added' }] }, []],
    ['a withdrawn change, to put its event back', { changes: [RESTORED, MOVED] }, [RESTORED, MOVED]],
  ])('%s', (_case, body, changes) => {
    expect(readScheduleChanges(body)).toEqual(changes);
  });
});

describe('the SEQUENCE of a programme change', () => {
  it.each<[string, ScheduleChange[], number]>([
    ['none: the event as the schedule wrote it', [], 0],
    ['a standing change: 1', [CANCELLED], 1],
    ['the same session however the facilitator’s name is cased', [{ ...CANCELLED, session: LOWER_CASED }], 1],
    ['a withdrawn change: one for the change, one for the withdrawal', [RESTORED], 2],
    ['a change after a withdrawn one', [RESTORED, MOVED], 3],
    ['two withdrawn changes', [RESTORED, { ...RESTORED, announcement_id: 'a3' }], 4],
    ['another session’s changes do not count', [{ ...RESTORED, session: THURSDAY }], 0],
  ])('counts each change and each withdrawal: %s', (_case, changes, sequence) => {
    expect(programmeSequence(WEDNESDAY, changes)).toBe(sequence);
  });

  it('tells of the standing changes only', () => {
    expect(toldChanges([RESTORED, MOVED], [])).toEqual([MOVED]);
  });

  it('puts the programme’s moves first, where they land, with the event of the session they were', () => {
    const request = requestMove(THURSDAY, FRIDAY, 1);
    expect(withProgrammeMoves([CANCELLED, MOVED], [request])).toEqual([
      { startsAt: Date.parse(THURSDAY.starts_at), uidOf: WEDNESDAY, sequence: 1 },
      request,
    ]);
  });

  it('moves an occurrence whose change was withdrawn to where it was, once, unless a change stands again', () => {
    const again = { ...RESTORED, announcement_id: 'a3' };
    expect(withProgrammeMoves([RESTORED, again], [])).toEqual([
      { startsAt: Date.parse(WEDNESDAY.starts_at), uidOf: WEDNESDAY, sequence: 4 },
    ]);
    expect(withProgrammeMoves([RESTORED, MOVED], [])).toEqual([
      { startsAt: Date.parse(THURSDAY.starts_at), uidOf: WEDNESDAY, sequence: 3 },
    ]);
    expect(withProgrammeMoves([RESTORED, CANCELLED], [])).toEqual([]);
  });
});

describe('an occurrence the parent’s confirmed request moved, and the programme changed', () => {
  // Wednesday's session, moved at the parent's request to Friday: the first confirm of that request.
  const request = requestMove(WEDNESDAY, FRIDAY, 1);
  const atFriday = (sequence: number) => [{ startsAt: Date.parse(FRIDAY.starts_at), uidOf: WEDNESDAY, sequence }];

  it('goes to the request’s time alone, above the SEQUENCE of a cancellation made before it was confirmed', () => {
    const cancelledAt = programmeSequence(WEDNESDAY, [CANCELLED]);
    expect(withProgrammeMoves([CANCELLED], [request])).toEqual(atFriday(cancelledAt + 1));
  });

  it('goes to the request’s time alone when the programme moved it too, above the programme’s move', () => {
    const movedAt = withProgrammeMoves([MOVED], [])[0]?.sequence ?? 0;
    expect(withProgrammeMoves([MOVED], [request])).toEqual(atFriday(movedAt + 1));
  });

  // A history of the programme's changes to Wednesday, each step what know_schedule carries then.
  it.each<[string, ScheduleChange[], number]>([
    ['no change: its own count', [], 1],
    ['cancelled (the cancellation’s 1)', [CANCELLED], 2],
    ['the cancellation withdrawn (its event put back at 2)', [RESTORED], 3],
    ['then moved (3)', [RESTORED, MOVED], 4],
    ['that move withdrawn (4), cancelled again (5)', [RESTORED, { ...RESTORED, announcement_id: 'a2' }, CANCELLED], 6],
  ])('goes above each SEQUENCE the programme wrote, and never down: %s', (_case, changes, sequence) => {
    expect(withProgrammeMoves(changes, [request])).toEqual(atFriday(sequence));
  });

  it('is told of no change of it, standing or withdrawn: the parent’s session is not affected', () => {
    const other = { ...CANCELLED, announcement_id: 'a9', session: THURSDAY };
    expect(toldChanges([CANCELLED, MOVED, RESTORED, other], [request])).toEqual([other]);
    expect(toldChanges([{ ...CANCELLED, session: LOWER_CASED }], [request])).toEqual([]);
  });
});
