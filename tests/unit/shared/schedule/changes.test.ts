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
    expect(programmeSequence(WEDNESDAY, [CANCELLED], moves)).toBe(sequence);
  });

  it.each<[string, ScheduleChange[], number]>([
    ['none: the event as the schedule wrote it', [], 0],
    ['a withdrawn change: one for the change, one for the withdrawal', [RESTORED], 2],
    ['a change after a withdrawn one', [RESTORED, MOVED], 3],
    ['two withdrawn changes', [RESTORED, { ...RESTORED, announcement_id: 'a3' }], 4],
    ['another session’s changes do not count', [{ ...RESTORED, session: THURSDAY }], 0],
  ])('counts each change and each withdrawal: %s', (_case, changes, sequence) => {
    expect(programmeSequence(WEDNESDAY, changes, [])).toBe(sequence);
  });

  it('tells of the standing changes only', () => {
    expect(toldChanges([RESTORED, MOVED])).toEqual([MOVED]);
  });

  it('puts the programme’s moves first, where they land, with the event of the session they were', () => {
    const request = requestMove(THURSDAY, 1);
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
