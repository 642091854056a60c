import { describe, expect, it } from 'vitest';
import { cancelledEvent, sessionEvent } from '../../../../src/features/schedule/calendar-event.ts';
import { writeCalendar } from '../../../../src/features/schedule/ics.ts';
import { en } from '../../../../src/features/schedule/messages.ts';
import { withProgrammeMoves } from '../../../../src/shared/schedule/changes.ts';
import type { ScheduleEntry } from '../../../../src/shared/schedule/parser.ts';
import { sessionMoves } from '../../../../src/shared/schedule/requests.ts';
import type { ScheduleChange } from '../../../../src/shared/webhook/announcements.ts';
import type { ParentRequest, SessionRef } from '../../../../src/shared/webhook/requests.ts';
import { parseIcs } from '../../../support/ical.ts';

const PARENT = '9876543210';
// Monday 23 Nov 2026, 10:00 in India.
const FETCHED_MONDAY = Date.parse('2026-11-23T10:00:00+05:30');
const WEDNESDAY: SessionRef = {
  day: 'Wednesday',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
  starts_at: '2026-11-25T16:00:00+05:30',
};
const WEDNESDAY_LINE: ScheduleEntry = {
  kind: 'session',
  day: 'Wednesday',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
};
const THURSDAY_LINE: ScheduleEntry = { kind: 'session', day: 'Thursday', time: '5:00 PM', facilitator: 'Priya Sharma' };
const MOVED: ScheduleChange = {
  announcement_id: 'ann-2',
  kind: 'moved',
  session: WEDNESDAY,
  moved_to: { ...WEDNESDAY, day: 'Thursday', time: '5:00 PM', starts_at: '2026-11-26T17:00:00+05:30' },
  reason: 'Facilitator unwell',
};
const MOVED_BY_REQUEST: ParentRequest = {
  request_id: 'r-1',
  asked: { date: '2026-11-27' },
  sent_at: '2026-11-23T09:00:00+05:30',
  status: 'confirmed',
  confirmed: { starts_at: '2026-11-27T11:00:00+05:30', differs: false },
  calendar: { uid_of: WEDNESDAY, sequence: 2 },
};

/** The file this phone writes for `entry`, given the programme's changes and the requests' moves. */
function added(entry: ScheduleEntry, changes: ScheduleChange[] = [], requests: ParentRequest[] = []) {
  const moves = withProgrammeMoves(changes, sessionMoves(requests));
  const event = sessionEvent(entry, PARENT, FETCHED_MONDAY, en.calendar, 'en', moves);
  if (!event) throw new Error('no event');
  return parseIcs(writeCalendar([event], new Date(FETCHED_MONDAY)));
}

const CANCELLED: ScheduleChange = { announcement_id: 'ann-1', kind: 'cancelled', session: WEDNESDAY, reason: 'Diwali' };
/** A change of Wednesday's session that staff withdrew, as know_schedule answers it. */
const withdrawn = (change: ScheduleChange): ScheduleChange => ({
  announcement_id: change.announcement_id,
  kind: 'restored',
  session: change.session,
  reason: change.reason,
});

function cancellation(changes: ScheduleChange[] = [CANCELLED]) {
  const event = cancelledEvent(WEDNESDAY, PARENT, changes, en.calendar, 'en');
  return { event, file: parseIcs(writeCalendar([event], new Date(FETCHED_MONDAY), 'CANCEL')) };
}
const FRIDAY_LINE: ScheduleEntry = { kind: 'session', day: 'Friday', time: '11:00 AM', facilitator: 'Priya Sharma' };

describe('a session the programme changed, in the calendar file', () => {
  const before = added(WEDNESDAY_LINE).events[0];

  it('cancels the event the parent added: its UID, METHOD:CANCEL, STATUS:CANCELLED, a higher SEQUENCE', () => {
    const { event, file } = cancellation();
    expect(file.method).toBe('CANCEL');
    expect(file.events).toMatchObject([
      { uid: before?.uid, status: 'CANCELLED', start: new Date(WEDNESDAY.starts_at), reminder: undefined },
    ]);
    expect(file.events[0]?.sequence).toBeGreaterThan(before?.sequence ?? 0);
    expect(event.fileName).toBe('thrive-session-2026-11-25-1600-cancelled.ics');
  });

  it('moves the event the parent added to the new time, as an update with a higher SEQUENCE', () => {
    const moved = added(THURSDAY_LINE, [MOVED]);
    expect(moved.method).toBe('PUBLISH');
    expect(moved.events).toMatchObject([{ uid: before?.uid, start: new Date('2026-11-26T17:00:00+05:30') }]);
    expect(moved.events[0]?.sequence).toBeGreaterThan(before?.sequence ?? 0);
  });

  it('leaves a session that did not change as it was', () => {
    expect(added(THURSDAY_LINE).events[0]?.uid).not.toBe(before?.uid);
  });

  it('puts back the event of a cancellation staff withdrew: its UID, at its time, above the cancellation', () => {
    const cancelled = cancellation().file.events[0]?.sequence ?? 0;
    const back = added(WEDNESDAY_LINE, [withdrawn(CANCELLED)]);
    expect(back.method).toBe('PUBLISH');
    expect(back.events).toMatchObject([{ uid: before?.uid, start: new Date(WEDNESDAY.starts_at) }]);
    expect(back.events[0]?.status).not.toBe('CANCELLED');
    expect(back.events[0]?.sequence).toBe(cancelled + 1);
  });

  it('puts back the event of a move staff withdrew at its usual time, above the move', () => {
    const movedTo = added(THURSDAY_LINE, [MOVED]).events[0]?.sequence ?? 0;
    const back = added(WEDNESDAY_LINE, [withdrawn(MOVED)]).events[0];
    expect(back).toMatchObject({ uid: before?.uid, start: new Date(WEDNESDAY.starts_at) });
    expect(back?.sequence).toBe(movedTo + 1);
  });

  it('cancels again above every earlier change and withdrawal', () => {
    // Cancelled (1), withdrawn (2), moved (3), withdrawn (4), cancelled again: 5.
    const history = [withdrawn(CANCELLED), withdrawn(MOVED), { ...CANCELLED, announcement_id: 'ann-3' }];
    expect(cancellation(history).file.events[0]?.sequence).toBe(5);
  });
});

describe('a session the parent’s confirmed request moved, which the programme changed too', () => {
  it('moves the event to the request’s time above the cancellation the phone may hold, whichever came first', () => {
    const cancelled = cancellation().file.events[0];
    const moved = added(FRIDAY_LINE, [CANCELLED], [MOVED_BY_REQUEST]).events[0];
    expect(moved).toMatchObject({ uid: cancelled?.uid, start: new Date('2026-11-27T11:00:00+05:30') });
    expect(moved?.status).not.toBe('CANCELLED');
    // The request's second confirm (2), above the cancellation's 1.
    expect(moved?.sequence).toBe(3);
  });

  it('leaves the programme’s move of it out: the event is the request’s, and the programme’s new time has none', () => {
    const theirs = added(FRIDAY_LINE, [MOVED], [MOVED_BY_REQUEST]).events[0];
    expect(theirs).toMatchObject({ uid: added(WEDNESDAY_LINE).events[0]?.uid, sequence: 3 });
    expect(added(THURSDAY_LINE, [MOVED], [MOVED_BY_REQUEST]).events[0]?.uid).not.toBe(theirs?.uid);
  });
});
