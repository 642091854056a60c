import { describe, expect, it } from 'vitest';
import { nextSequence, readScheduleChanges, withProgrammeMoves } from '../../../../src/shared/schedule/changes.ts';
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
  ])('%s', (_case, body, changes) => {
    expect(readScheduleChanges(body)).toEqual(changes);
  });
});

describe('the SEQUENCE of a programme change', () => {
  const requestMove = (uidOf: SessionRef, sequence: number): SessionMove => ({ startsAt: 0, uidOf, sequence });

  it.each<[string, SessionMove[], number]>([
    ['a session no request moved: 1', [], 1],
    ['one above a request’s move of the same session', [requestMove(WEDNESDAY, 1), requestMove(WEDNESDAY, 2)], 3],
    [
      'the same session however the facilitator’s name is cased',
      [requestMove({ ...WEDNESDAY, facilitator: 'priya sharma' }, 1)],
      2,
    ],
    ['another session’s moves do not count', [requestMove(THURSDAY, 4)], 1],
  ])('%s', (_case, moves, sequence) => {
    expect(nextSequence(WEDNESDAY, moves)).toBe(sequence);
  });

  it('puts the programme’s moves first, where they land, with the event of the session they were', () => {
    const request = requestMove(THURSDAY, 1);
    expect(withProgrammeMoves([CANCELLED, MOVED], [request])).toEqual([
      { startsAt: Date.parse(THURSDAY.starts_at), uidOf: WEDNESDAY, sequence: 1 },
      request,
    ]);
  });
});
