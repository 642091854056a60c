import { describe, expect, it } from 'vitest';
import {
  dueReminders,
  dueRemindersWithChanges,
  REMINDER_LATE_MS,
  remindersBetween,
  withRequestMoves,
  type OccurrenceChange,
} from '../../../src/shared/push/reminders.ts';
import type { Move } from '../../../src/shared/schedule/week.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/webhook/push.ts';

// 2026-11-25 is a Wednesday (weekday 3). India is UTC+05:30.
const WEDNESDAY_1700 = { weekday: 3, time: '17:00', facilitator: 'Ms. Rao' };
const MONDAY_0730 = { weekday: 1, time: '07:30', facilitator: 'Mr. Iyer' };
const NO_QUIET = { quiet_start: '00:00', quiet_end: '00:00' };

const moments = (list: { lead: string; at: Date; startsAt: Date }[]) =>
  list.map((r) => [r.lead, r.at.toISOString(), r.startsAt.toISOString()]);

describe('session reminders', () => {
  it('reminds at 18:00 IST the day before and an hour before, earliest first', () => {
    const found = remindersBetween(
      [WEDNESDAY_1700],
      new Date('2026-11-23T18:30:00Z'),
      new Date('2026-11-30T18:30:00Z'),
    );
    expect(moments(found)).toEqual([
      ['day_before', '2026-11-24T12:30:00.000Z', '2026-11-25T11:30:00.000Z'],
      ['hour_before', '2026-11-25T10:30:00.000Z', '2026-11-25T11:30:00.000Z'],
    ]);
    expect(new Set(found.map((r) => r.key)).size).toBe(2);
  });

  it('finds a Monday session’s day-before reminder on the Sunday of the week before, across a month', () => {
    const found = remindersBetween([MONDAY_0730], new Date('2026-11-29T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    expect(moments(found)).toEqual([
      ['day_before', '2026-11-29T12:30:00.000Z', '2026-11-30T02:00:00.000Z'],
      ['hour_before', '2026-11-30T01:00:00.000Z', '2026-11-30T02:00:00.000Z'],
    ]);
  });

  it('gives each week’s occurrence of a session its own key', () => {
    const twoWeeks = remindersBetween(
      [WEDNESDAY_1700],
      new Date('2026-11-23T00:00:00Z'),
      new Date('2026-12-07T00:00:00Z'),
    );
    expect(twoWeeks.filter((r) => r.lead === 'hour_before').map((r) => r.key)).toEqual([
      'hour_before 2026-11-25T11:30:00.000Z',
      'hour_before 2026-12-02T11:30:00.000Z',
    ]);
  });

  it.each([
    ['at the moment itself', '2026-11-25T10:30:00Z', ['hour_before']],
    ['a minute after', '2026-11-25T10:31:00Z', ['hour_before']],
    ['a minute before', '2026-11-25T10:29:00Z', []],
    [
      'just inside the late limit',
      new Date(Date.parse('2026-11-25T10:30:00Z') + REMINDER_LATE_MS - 1).toISOString(),
      ['hour_before'],
    ],
    [
      'once the late limit has passed',
      new Date(Date.parse('2026-11-25T10:30:00Z') + REMINDER_LATE_MS).toISOString(),
      [],
    ],
  ])('is due %s', (_case, now, leads) => {
    expect(dueReminders([WEDNESDAY_1700], NO_QUIET, new Date(now)).map((r) => r.lead)).toEqual(leads);
  });

  it('drops a reminder whose moment falls in the quiet hours, and keeps the other', () => {
    // Monday 07:30 IST: the hour-before reminder at 06:30 is inside 21:00–07:00; the day-before one at 18:00 is not.
    expect(dueReminders([MONDAY_0730], DEFAULT_NOTIFICATION_SETTINGS, new Date('2026-11-30T01:00:00Z'))).toEqual([]);
    expect(dueReminders([MONDAY_0730], NO_QUIET, new Date('2026-11-30T01:00:00Z')).map((r) => r.lead)).toEqual([
      'hour_before',
    ]);
    expect(
      dueReminders([MONDAY_0730], DEFAULT_NOTIFICATION_SETTINGS, new Date('2026-11-29T12:30:00Z')).map((r) => r.lead),
    ).toEqual(['day_before']);
  });

  it('has no reminders without sessions', () => {
    expect(dueReminders([], NO_QUIET, new Date('2026-11-25T10:30:00Z'))).toEqual([]);
  });
});

describe('the reminders of an occurrence the parent’s confirmed request moved', () => {
  // Wednesday 25 Nov 17:00 with Ms. Rao, moved at the parent's request to Friday 27 Nov 10:00.
  const WEDNESDAY = '2026-11-25T17:00:00+05:30';
  const REQUEST: Move = {
    from: { day: 'Wednesday 25 Nov', time: '5:00 PM', facilitator: 'Ms. Rao', starts_at: WEDNESDAY },
    to: '2026-11-27T10:00:00+05:30',
  };
  const due = (programme: OccurrenceChange[], at: string) =>
    dueRemindersWithChanges([WEDNESDAY_1700], withRequestMoves(programme, [REQUEST]), NO_QUIET, new Date(at)).map(
      (r) => [r.lead, r.startsAt.toISOString()],
    );

  it.each<[string, OccurrenceChange[]]>([
    ['no change', []],
    ['cancelled', [{ starts_at: WEDNESDAY, facilitator: 'ms. rao', moved_to: null }]],
    [
      'moved to Thursday 12:00',
      [{ starts_at: WEDNESDAY, facilitator: 'Ms. Rao', moved_to: '2026-11-26T12:00:00+05:30' }],
    ],
  ])('come before the request’s time alone, whatever the programme did to it: %s', (_case, programme) => {
    expect(due(programme, '2026-11-25T16:00:00+05:30')).toEqual([]);
    expect(due(programme, '2026-11-26T11:00:00+05:30')).toEqual([]);
    expect(due(programme, '2026-11-26T18:00:00+05:30')).toEqual([['day_before', '2026-11-27T04:30:00.000Z']]);
    expect(due(programme, '2026-11-27T09:00:00+05:30')).toEqual([['hour_before', '2026-11-27T04:30:00.000Z']]);
  });
});
