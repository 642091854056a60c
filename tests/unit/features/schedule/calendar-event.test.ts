import { afterEach, describe, expect, it } from 'vitest';
import {
  googleCalendarLink,
  sessionEvent,
  type CalendarEvent,
} from '../../../../src/features/schedule/calendar-event.ts';
import { writeCalendar } from '../../../../src/features/schedule/ics.ts';
import type { ScheduleEntry } from '../../../../src/shared/schedule/parser.ts';
import { googleInstant, parseIcs } from '../../../support/ical.ts';
import { en } from '../../../../src/features/schedule/messages.ts';
import { hi } from '../../../../src/features/schedule/messages-hi.ts';

const t = en.calendar;

function session(day: string, time: string, facilitator: string): ScheduleEntry {
  return { kind: 'session', day, time, facilitator };
}
const PARENT = '9876543210';
// Monday 23 Nov 2026, 10:00 in India.
const FETCHED_MONDAY = Date.parse('2026-11-23T10:00:00+05:30');
const PHONE_ZONE = process.env.TZ;

afterEach(() => {
  // Assigning undefined would set the text 'undefined'.
  if (PHONE_ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = PHONE_ZONE;
});

function eventFor(entry: ScheduleEntry, fetchedAt = FETCHED_MONDAY, parent = PARENT): CalendarEvent {
  const event = sessionEvent(entry, parent, fetchedAt, t, 'en');
  if (!event) throw new Error(`no event for ${JSON.stringify(entry)}`);
  return event;
}

/** The event as a calendar app reads it from the downloaded file. */
function imported(event: CalendarEvent) {
  const [parsed] = parseIcs(writeCalendar([event], new Date(FETCHED_MONDAY))).events;
  if (!parsed) throw new Error('no VEVENT in the file');
  return parsed;
}

describe('sessionEvent', () => {
  it('puts the reference server line on its date in India, an hour long, with its title and reminder', () => {
    const event = eventFor(session('Wednesday 25 Nov', '5:00 PM', 'Priya Sharma'));
    const parsed = imported(event);
    expect(parsed.start).toEqual(new Date('2026-11-25T17:00:00+05:30'));
    expect(parsed.end).toEqual(new Date('2026-11-25T18:00:00+05:30'));
    expect(parsed.summary).toBe('Thrive session with Priya Sharma');
    expect(parsed.description).toContain('Wednesday, 25 Nov, 5:00 PM with Priya Sharma');
    expect(parsed.reminder).toBe(-30 * 60);
    expect(event.fileName).toBe('thrive-session-2026-11-25-1700.ics');
  });

  it('writes a Hindi parent’s event in Hindi, with the day and time as the Hindi list shows them', () => {
    const event = sessionEvent(
      session('Wednesday 25 Nov', '5:00 PM', 'Priya Sharma'),
      PARENT,
      FETCHED_MONDAY,
      hi.calendar,
      'hi',
    );
    expect(event?.title).toBe('Priya Sharma के साथ Thrive सेशन');
    expect(event?.details).toBe('आपके Thrive शेड्यूल से: बुधवार, 25 नवंबर, शाम 5:00, Priya Sharma के साथ');
    expect(event?.start).toEqual(new Date('2026-11-25T17:00:00+05:30'));
  });

  it.each([
    ['Wednesday', '6:30 PM', '2026-11-25T18:30:00+05:30', '2026-11-25T19:30:00+05:30'],
    ['Wednesday', '6:30 PM - 7:30 PM', '2026-11-25T18:30:00+05:30', '2026-11-25T19:30:00+05:30'],
    ['Thursday', '6:30-7:15 PM', '2026-11-26T18:30:00+05:30', '2026-11-26T19:15:00+05:30'],
    ['Monday', '4:00 PM - 5:00 PM', '2026-11-23T16:00:00+05:30', '2026-11-23T17:00:00+05:30'],
    ['Sunday', '9:00 AM', '2026-11-29T09:00:00+05:30', '2026-11-29T10:00:00+05:30'],
  ])('reads "%s: %s" fetched on Monday 23 Nov as %s to %s', (day, time, start, end) => {
    const parsed = imported(eventFor(session(day, time, 'Rahul')));
    expect([parsed.start, parsed.end]).toEqual([new Date(start), new Date(end)]);
  });

  it.each<[string, ScheduleEntry]>([
    ['a line kept as plain text', { kind: 'unparsed', text: 'Bring your crayons!' }],
    ['a day nobody can place', session('Someday', '5:00 PM', 'Rahul')],
    ['a time nobody can place', session('Wednesday', 'evening', 'Rahul')],
  ])('gives %s no event', (_, entry) => {
    expect(sessionEvent(entry, PARENT, FETCHED_MONDAY, t, 'en')).toBeUndefined();
  });

  it('keeps the UID for the same session, however and whenever the parent fetched it that week', () => {
    const line = session('Wednesday 25 Nov', '5:00 PM', 'Priya Sharma');
    const uid = eventFor(line).uid;
    expect(eventFor(line, Date.parse('2026-11-24T21:00:00+05:30')).uid).toBe(uid);
    expect(eventFor(session('Wednesday', '5:00 PM - 6:30 PM', 'Priya Sharma')).uid).toBe(uid);
    expect(eventFor(line, FETCHED_MONDAY, '+91 98765 43210').uid).toBe(uid);
    process.env.TZ = 'America/Los_Angeles';
    expect(eventFor(line).uid).toBe(uid);
    expect(imported(eventFor(line)).uid).toBe(uid);
  });

  it('gives a different UID to another session, facilitator or parent, and keeps the phone number out of it', () => {
    const uid = eventFor(session('Wednesday', '5:00 PM', 'Priya Sharma')).uid;
    const others = [
      eventFor(session('Thursday', '5:00 PM', 'Priya Sharma')).uid,
      eventFor(session('Wednesday', '5:30 PM', 'Priya Sharma')).uid,
      eventFor(session('Wednesday', '5:00 PM', 'Rahul')).uid,
      eventFor(session('Wednesday', '5:00 PM', 'Priya Sharma'), FETCHED_MONDAY, '+919812345678').uid,
    ];
    expect(new Set([uid, ...others]).size).toBe(5);
    expect(uid).not.toContain('9876543210');
  });
});

describe('googleCalendarLink', () => {
  it('fills in Google Calendar with the title, the details, India as the zone and the .ics instants', () => {
    const event = eventFor(session('Wednesday 25 Nov', '6:30-7:15 PM', 'Rao, Priya & Co'));
    const link = new URL(googleCalendarLink(event));
    expect(`${link.origin}${link.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('text')).toBe('Thrive session with Rao, Priya & Co');
    expect(link.searchParams.get('details')).toBe(event.details);
    expect(link.searchParams.get('ctz')).toBe('Asia/Kolkata');
    const [start = '', end = ''] = (link.searchParams.get('dates') ?? '').split('/');
    const parsed = imported(event);
    expect([googleInstant(start), googleInstant(end)]).toEqual([parsed.start, parsed.end]);
  });
});

describe('near midnight in India, on a phone in any zone', () => {
  const ZONES = ['Asia/Kolkata', 'America/Los_Angeles', 'UTC', 'Pacific/Kiritimati'];

  it.each(ZONES)('a session at 11:30 PM ending after midnight ends on the next day (phone in %s)', (zone) => {
    process.env.TZ = zone;
    const sundayLate = Date.parse('2026-11-29T23:50:00+05:30');
    const parsed = imported(eventFor(session('Sunday', '11:30 PM - 12:30 AM', 'Rahul'), sundayLate));
    expect(parsed.start).toEqual(new Date('2026-11-29T23:30:00+05:30'));
    expect(parsed.end).toEqual(new Date('2026-11-30T00:30:00+05:30'));
  });

  it.each(ZONES)('ten minutes after midnight, Monday is already today in India (phone in %s)', (zone) => {
    process.env.TZ = zone;
    // Sunday 29 Nov, 18:40 in UTC and 10:40 in Los Angeles.
    const mondayEarly = Date.parse('2026-11-30T00:10:00+05:30');
    expect(imported(eventFor(session('Monday', '9:00 AM', 'Rahul'), mondayEarly)).start).toEqual(
      new Date('2026-11-30T09:00:00+05:30'),
    );
    expect(imported(eventFor(session('Sunday', '9:00 AM', 'Rahul'), mondayEarly)).start).toEqual(
      new Date('2026-12-06T09:00:00+05:30'),
    );
  });

  it('Sunday late evening on a phone in Los Angeles is Monday in India: the new week counts from there', () => {
    process.env.TZ = 'America/Los_Angeles';
    const sundayInLosAngeles = new Date(2026, 10, 29, 22, 0).getTime();
    expect(new Date(sundayInLosAngeles).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    const monday = imported(eventFor(session('Monday', '5:00 PM', 'Rahul'), sundayInLosAngeles));
    const sunday = imported(eventFor(session('Sunday', '10:00 AM', 'Rahul'), sundayInLosAngeles));
    expect(monday.start).toEqual(new Date('2026-11-30T17:00:00+05:30'));
    expect(sunday.start).toEqual(new Date('2026-12-06T10:00:00+05:30'));
    expect(sunday.end).toEqual(new Date('2026-12-06T11:00:00+05:30'));
  });
});
