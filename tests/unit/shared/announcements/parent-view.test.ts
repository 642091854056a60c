import { describe, expect, it } from 'vitest';
import {
  parentAnnouncement,
  scheduleChangesOf,
  sessionRefOf,
  weekOf,
  type ParentAnnouncementRow,
  type SessionChangeRow,
} from '../../../../src/shared/announcements/parent-view.ts';
import { restOfWeek } from '../../../../src/shared/schedule/rest-of-week.ts';
import type { Move, WeeklySession } from '../../../../src/shared/schedule/week.ts';

const ROW: ParentAnnouncementRow = {
  id: 'a1',
  kind: 'announcement',
  title_en: 'Diwali party',
  body_en: 'Sweets on Friday at 5.',
  title_hi: null,
  body_hi: null,
  sent_at: '2026-11-25T06:30:00.000Z',
  urgent: false,
  seen: false,
  reason: null,
  change: null,
};
const HINDI = { title_hi: 'दिवाली', body_hi: 'शुक्रवार को मिठाई।' };
// Wednesday 25 November 2026, noon in India.
const NOW = new Date('2026-11-25T12:00:00+05:30');
const WEDNESDAY_4PM = {
  day: 'Wednesday 25 Nov',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
  starts_at: '2026-11-25T16:00:00+05:30',
};

describe('an announcement as a parent reads it', () => {
  it.each([
    ['English asked, English written', ROW, 'en', 'Diwali party', 'en'],
    ['Hindi asked, only English written', ROW, 'hi', 'Diwali party', 'en'],
    ['Hindi asked, both written', { ...ROW, ...HINDI }, 'hi', 'दिवाली', 'hi'],
    ['English asked, only Hindi written', { ...ROW, title_en: null, body_en: null, ...HINDI }, 'en', 'दिवाली', 'hi'],
    ['a language with a title but no body is passed over', { ...ROW, title_hi: 'दिवाली' }, 'hi', 'Diwali party', 'en'],
  ] as const)('%s', (_, row, asked, title, language) => {
    expect(parentAnnouncement(row, asked)).toMatchObject({ title, language });
  });

  it('gives its time in India, urgent and seen as kept, and no session for a plain announcement', () => {
    expect(parentAnnouncement({ ...ROW, urgent: true, seen: true }, 'en')).toEqual({
      announcement_id: 'a1',
      kind: 'announcement',
      title: 'Diwali party',
      body: 'Sweets on Friday at 5.',
      language: 'en',
      sent_at: '2026-11-25T12:00:00.000+05:30',
      urgent: true,
      seen: true,
    });
  });

  it('names a moved occurrence where it was and where it is now, with the reason', () => {
    const change = {
      starts_at: WEDNESDAY_4PM.starts_at,
      facilitator: 'Priya Sharma',
      moved_to: '2026-11-27T10:30:00+05:30',
    };
    expect(parentAnnouncement({ ...ROW, kind: 'moved', reason: 'Priya is ill', change }, 'en')).toMatchObject({
      session: WEDNESDAY_4PM,
      moved_to: { day: 'Friday 27 Nov', time: '10:30 AM', starts_at: '2026-11-27T10:30:00+05:30' },
      reason: 'Priya is ill',
    });
  });
});

describe('the session changes know_schedule applies', () => {
  const change = (startsAt: string, movedTo: string | null = null): SessionChangeRow => ({
    announcement_id: `c-${startsAt}`,
    starts_at: startsAt,
    facilitator: 'Priya Sharma',
    moved_to: movedTo,
    reason: 'Diwali',
  });

  it('runs India’s week from Monday midnight to the next Monday', () => {
    expect(weekOf(NOW)).toEqual({ from: '2026-11-23T00:00:00+05:30', to: '2026-11-30T00:00:00+05:30' });
    expect(weekOf(new Date('2026-11-29T23:59:00+05:30')).from).toBe('2026-11-23T00:00:00+05:30');
  });

  it.each([
    ['this week, ahead: applied and told of', change('2026-11-25T16:00:00+05:30'), 1, 1],
    ['this week, over: applied, not told of', change('2026-11-24T16:00:00+05:30'), 1, 0],
    ['started within the minute: still told of', change('2026-11-25T11:59:30+05:30'), 1, 1],
    ['last week: left out', change('2026-11-22T16:00:00+05:30'), 0, 0],
    ['next week: left out', change('2026-11-30T16:00:00+05:30'), 0, 0],
  ])('a cancellation %s', (_, row, applied, told) => {
    const changes = scheduleChangesOf([row], NOW);
    expect([changes.cancelled.length, changes.changes.length]).toEqual([applied, told]);
    expect(changes.moves).toEqual([]);
  });

  it.each([
    ['this week, ahead: its event put back', change('2026-11-25T16:00:00+05:30'), 1],
    [
      'a move of it, this week, ahead: its event put back where it was',
      change('2026-11-25T16:00:00+05:30', '2026-11-26T10:30:00+05:30'),
      1,
    ],
    ['this week, over: nothing', change('2026-11-24T16:00:00+05:30'), 0],
    ['next week: nothing', change('2026-11-30T16:00:00+05:30'), 0],
  ])('a withdrawn change %s, applied to nothing', (_, row, restored) => {
    const changes = scheduleChangesOf([], NOW, [row]);
    expect([changes.cancelled, changes.moves]).toEqual([[], []]);
    expect(changes.changes).toEqual(
      restored
        ? [
            {
              announcement_id: row.announcement_id,
              kind: 'restored',
              session: sessionRefOf(row.starts_at, row.facilitator),
              reason: row.reason,
            },
          ]
        : [],
    );
  });

  it('moves an occurrence of last week into this one, and tells of it by its new time', () => {
    const { cancelled, moves, changes } = scheduleChangesOf(
      [change('2026-11-22T16:00:00+05:30', '2026-11-26T10:30:00+05:30')],
      NOW,
    );
    expect(cancelled).toEqual([]);
    expect(moves).toEqual([
      { from: expect.objectContaining({ starts_at: '2026-11-22T16:00:00+05:30' }), to: '2026-11-26T10:30:00+05:30' },
    ]);
    expect(changes).toMatchObject([{ kind: 'moved', moved_to: { day: 'Thursday 26 Nov', time: '10:30 AM' } }]);
  });
});

describe('the session changes of an occurrence the parent’s confirmed request moved', () => {
  // Priya's Wednesday 4:00 PM session, which staff moved to Friday 11:00 AM at the parent's request.
  const SESSIONS: WeeklySession[] = [{ weekday: 3, time: '16:00', facilitator: 'Priya Sharma' }];
  const REQUEST: Move = { from: WEDNESDAY_4PM, to: '2026-11-27T11:00:00+05:30' };
  const row = (movedTo: string | null, startsAt = WEDNESDAY_4PM.starts_at): SessionChangeRow => ({
    announcement_id: 'c1',
    starts_at: startsAt,
    facilitator: 'priya sharma',
    moved_to: movedTo,
    reason: 'Diwali',
  });
  /** know_schedule's schedule as both backends make it: the programme's moves and cancellations, and the request's. */
  const schedule = (rows: SessionChangeRow[]) => {
    const programme = scheduleChangesOf(rows, NOW, [], [REQUEST]);
    return restOfWeek(SESSIONS, NOW, [...programme.moves, REQUEST], programme.cancelled);
  };

  it.each([
    ['cancelled', row(null)],
    ['moved to Thursday', row('2026-11-26T10:30:00+05:30')],
  ])('keeps the request’s time when the programme %s it: once, at Friday 11:00 AM', (_case, change) => {
    const { cancelled, moves, changes } = scheduleChangesOf([change], NOW, [], [REQUEST]);
    expect([cancelled, moves]).toEqual([[], []]);
    expect(schedule([change])).toBe('Friday 27 Nov: 11:00 AM with Priya Sharma');
    // Still told, for the portal to count in the moved event's SEQUENCE (it tells the parent nothing of it).
    expect(changes).toHaveLength(1);
  });

  it('tells of its changes, standing and withdrawn, all week, though its usual time has passed', () => {
    const monday = { ...REQUEST, from: { ...WEDNESDAY_4PM, starts_at: '2026-11-23T16:00:00+05:30' } };
    const past = row(null, monday.from.starts_at);
    const { changes } = scheduleChangesOf([past], NOW, [{ ...past, announcement_id: 'c0' }], [monday]);
    expect(changes.map((change) => [change.announcement_id, change.kind])).toEqual([
      ['c1', 'cancelled'],
      ['c0', 'restored'],
    ]);
  });

  it('applies the programme’s change of another occurrence as before', () => {
    const thursday = row(null, '2026-11-26T16:00:00+05:30');
    expect(scheduleChangesOf([thursday], NOW, [], [REQUEST]).cancelled).toEqual([
      { starts_at: thursday.starts_at, facilitator: 'priya sharma' },
    ]);
  });
});
