import { describe, expect, it } from 'vitest';
import { sessionEvent, sessionRefUid } from '../../../../src/features/schedule/calendar-event.ts';
import { writeCalendar } from '../../../../src/features/schedule/ics.ts';
import { en } from '../../../../src/features/schedule/messages.ts';
import type { ScheduleEntry } from '../../../../src/shared/schedule/parser.ts';
import { sessionMoves } from '../../../../src/shared/schedule/requests.ts';
import type { ParentRequest, SessionRef } from '../../../../src/shared/webhook/requests.ts';
import { parseIcs } from '../../../support/ical.ts';

const PARENT = '9876543210';
// Monday 23 Nov 2026, 10:00 in India.
const FETCHED_MONDAY = Date.parse('2026-11-23T10:00:00+05:30');
const line = (day: string, time: string, facilitator: string): ScheduleEntry => ({
  kind: 'session',
  day,
  time,
  facilitator,
});

/** The session as the schedule named it before staff moved it, and the event it had then. */
const MONDAY: SessionRef = {
  day: 'Monday',
  time: '5:00 PM',
  facilitator: 'Ms. Rao',
  starts_at: '2026-11-30T17:00:00+05:30',
};
const MONDAY_LINE = line('Monday 30 Nov', '5:00 PM', 'Ms. Rao');

function confirmed(startsAt: string, sequence: number, uidOf: SessionRef = MONDAY): ParentRequest {
  return {
    request_id: `r-${sequence}`,
    asked: { start_date: '2026-12-02', end_date: '2026-12-03' },
    sent_at: '2026-11-23T09:00:00+05:30',
    status: 'confirmed',
    confirmed: { starts_at: startsAt, differs: false },
    calendar: { uid_of: uidOf, sequence },
  };
}

function fileEvent(entry: ScheduleEntry, requests: ParentRequest[], parent = PARENT) {
  const event = sessionEvent(entry, parent, FETCHED_MONDAY, en.calendar, 'en', sessionMoves(requests));
  if (!event) throw new Error('no event');
  const [parsed] = parseIcs(writeCalendar([event], new Date(FETCHED_MONDAY))).events;
  if (!parsed) throw new Error('no VEVENT');
  return parsed;
}

describe('a session staff moved, in the calendar file', () => {
  const before = fileEvent(MONDAY_LINE, []);

  it('computes the UID of a request’s session exactly as the schedule did for its line', () => {
    expect(sessionRefUid(PARENT, MONDAY)).toBe(before.uid);
    expect(sessionRefUid('+91 98765 43210', { ...MONDAY, facilitator: 'MS. RAO' })).toBe(before.uid);
    expect(sessionRefUid('9123456780', MONDAY)).not.toBe(before.uid);
  });

  it.each([
    ['confirmed once', 1, 'Thursday 3 Dec', '4:00 PM', '2026-12-03T16:00:00+05:30'],
    ['moved a second time', 2, 'Wednesday 2 Dec', '6:30 PM', '2026-12-02T18:30:00+05:30'],
  ])('keeps the old UID with a higher SEQUENCE at the new time (%s)', (_case, sequence, day, time, startsAt) => {
    const moved = fileEvent(line(day, time, 'Ms. Rao'), [confirmed(startsAt, sequence)]);
    expect(before.sequence).toBe(0);
    expect(moved.uid).toBe(before.uid);
    expect(moved.sequence).toBe(sequence);
    expect(moved.start).toEqual(new Date(startsAt));
  });

  it('leaves every other session its own UID and no SEQUENCE', () => {
    const requests = [confirmed('2026-12-03T16:00:00+05:30', 1)];
    const other = fileEvent(line('Thursday 3 Dec', '5:00 PM', 'Ms. Rao'), requests);
    expect(other.uid).not.toBe(before.uid);
    expect(other.sequence).toBe(0);
    expect(writeCalendar([], new Date())).not.toContain('SEQUENCE');
  });

  it.each<[string, Partial<ParentRequest>]>([
    ['waiting', { status: 'waiting' }],
    ['confirmed with no calendar event named', { calendar: undefined }],
  ])('moves no event for a request %s', (_case, change) => {
    const request = { ...confirmed('2026-12-03T16:00:00+05:30', 1), ...change };
    const moved = fileEvent(line('Thursday 3 Dec', '4:00 PM', 'Ms. Rao'), [request]);
    expect(moved.uid).not.toBe(before.uid);
    expect(moved.sequence).toBe(0);
  });
});
