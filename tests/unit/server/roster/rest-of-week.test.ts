import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restOfWeek } from '../../../../src/shared/schedule/rest-of-week.ts';
import type { WeeklySession } from '../../../../src/shared/schedule/week.ts';
import { knowSchedule } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

const SESSIONS: WeeklySession[] = [
  { weekday: 7, time: '23:30', facilitator: 'Arjun Rao' },
  { weekday: 1, time: '09:00', facilitator: 'Meera Nair' },
  { weekday: 3, time: '16:30', facilitator: 'Arjun Rao' },
  { weekday: 3, time: '10:15', facilitator: 'Meera Nair' },
];

const WHOLE_WEEK_FROM_30_NOV = [
  'Monday 30 Nov: 9:00 AM with Meera Nair',
  'Wednesday 2 Dec: 10:15 AM with Meera Nair',
  'Wednesday 2 Dec: 4:30 PM with Arjun Rao',
  'Sunday 6 Dec: 11:30 PM with Arjun Rao',
].join('\n');

describe('restOfWeek, in Asia/Kolkata whatever the server clock zone', () => {
  it.each([
    ['Monday 00:00 IST: the whole week', '2026-11-23T00:00:00+05:30', 4],
    ['Wednesday 10:15 IST: a session starting this minute still counts', '2026-11-25T10:15:00+05:30', 3],
    ['Wednesday 10:16 IST: that session has begun and is gone', '2026-11-25T10:16:00+05:30', 2],
    ['Sunday 23:30 IST: the last session of the week', '2026-11-29T23:30:00+05:30', 1],
  ])('%s', (_case, at, count) => {
    expect(restOfWeek(SESSIONS, new Date(at)).split('\n')).toHaveLength(count);
  });

  it('lists sessions in day and time order with their dates', () => {
    expect(restOfWeek(SESSIONS, new Date('2026-11-25T09:00:00+05:30'))).toBe(
      [
        'Wednesday 25 Nov: 10:15 AM with Meera Nair',
        'Wednesday 25 Nov: 4:30 PM with Arjun Rao',
        'Sunday 29 Nov: 11:30 PM with Arjun Rao',
      ].join('\n'),
    );
  });

  it('answers the sentinel late on Sunday in India, although it is still Sunday afternoon in UTC', () => {
    expect(restOfWeek(SESSIONS, new Date('2026-11-29T18:05:00Z'))).toBe('No sessions found for the rest of this week.');
  });

  it('starts the new week at midnight in India, while UTC still says Sunday', () => {
    // 18:31 UTC on Sunday 29 Nov is 00:01 on Monday 30 Nov in India.
    expect(restOfWeek(SESSIONS, new Date('2026-11-29T18:31:00Z'))).toBe(WHOLE_WEEK_FROM_30_NOV);
  });

  it('dates sessions across a month and a year boundary', () => {
    expect(restOfWeek(SESSIONS, new Date('2026-12-28T08:00:00+05:30'))).toBe(
      [
        'Monday 28 Dec: 9:00 AM with Meera Nair',
        'Wednesday 30 Dec: 10:15 AM with Meera Nair',
        'Wednesday 30 Dec: 4:30 PM with Arjun Rao',
        'Sunday 3 Jan: 11:30 PM with Arjun Rao',
      ].join('\n'),
    );
  });

  it.each([
    ['00:00', '12:00 AM'],
    ['09:05', '9:05 AM'],
    ['12:00', '12:00 PM'],
    ['23:59', '11:59 PM'],
  ])('shows %s as %s', (time, shown) => {
    const line = restOfWeek([{ weekday: 7, time, facilitator: 'F' }], new Date('2026-11-23T00:00:00+05:30'));
    expect(line).toBe(`Sunday 29 Nov: ${shown} with F`);
  });

  it('answers the sentinel for no sessions at all', () => {
    expect(restOfWeek([], new Date('2026-11-23T00:00:00+05:30'))).toBe('No sessions found for the rest of this week.');
  });
});

describe('know_schedule across the week boundary, through the webhook with an injected clock', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(async () => {
    await portal.dispose();
  });

  it('answers the sentinel at 23:35 on Sunday in India and the whole next week five minutes after midnight', async () => {
    portal.clock.now = new Date('2026-11-29T23:35:00+05:30');
    expect((await portal.post(knowSchedule())).json()).toEqual({
      schedule: 'No sessions found for the rest of this week.',
    });
    portal.clock.now = new Date('2026-11-30T00:05:00+05:30');
    expect((await portal.post(knowSchedule())).json()).toEqual({
      schedule: WHOLE_WEEK_FROM_30_NOV,
    });
  });
});
