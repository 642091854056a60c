import { describe, expect, it } from 'vitest';
import {
  INITIAL_SCHEDULE_VIEW,
  isQuietFailure,
  nextScheduleView,
  type ScheduleEvent,
  type ScheduleView,
} from '../../../../src/features/schedule/schedule-view.ts';
import type { ScheduleEntry } from '../../../../src/shared/schedule/parser.ts';
import type { ScheduleChange } from '../../../../src/shared/webhook/announcements.ts';
import type { ParentRequest } from '../../../../src/shared/webhook/requests.ts';

const MONDAY: ScheduleEntry[] = [{ kind: 'session', day: 'Monday', time: '4:00 PM', facilitator: 'Ms. Rao' }];
const FRIDAY: ScheduleEntry[] = [{ kind: 'session', day: 'Friday', time: '9:00 AM', facilitator: 'Mr. Iyer' }];
const SAVED_AT = Date.UTC(2026, 10, 22, 4, 30);
const NOW = Date.UTC(2026, 10, 23, 4, 30);

function run(...events: ScheduleEvent[]): ScheduleView {
  return events.reduce(nextScheduleView, INITIAL_SCHEDULE_VIEW);
}

const savedRead: ScheduleEvent = {
  type: 'saved-read',
  saved: { entries: MONDAY, text: 'Monday', fetchedAt: SAVED_AT },
};
const started: ScheduleEvent = { type: 'fetch-started' };
const CANCELLED: ScheduleChange = {
  announcement_id: 'ann-1',
  kind: 'cancelled',
  session: { day: 'Monday', time: '4:00 PM', facilitator: 'Ms. Rao', starts_at: '2026-11-23T16:00:00+05:30' },
  reason: 'Diwali',
};
const fetched: ScheduleEvent = { type: 'fetched', entries: FRIDAY, fetchedAt: NOW, changes: [CANCELLED] };
const noAnswer: ScheduleEvent = { type: 'fetch-failed', message: 'Failed to fetch schedule', noAnswer: true };
const refused: ScheduleEvent = { type: 'fetch-failed', message: 'Calendar down', noAnswer: false };

describe('nextScheduleView', () => {
  it('starts with only the fetch button', () => {
    expect(INITIAL_SCHEDULE_VIEW).toEqual({
      loading: false,
      schedule: undefined,
      error: undefined,
      fetched: false,
    });
  });

  it.each<[string, ScheduleEvent[], Partial<ScheduleView>]>([
    [
      'shows the saved copy with when it was fetched',
      [savedRead],
      { schedule: { entries: MONDAY, fetchedAt: SAVED_AT, changes: [] } },
    ],
    [
      'shows the saved copy’s changes to the week with it',
      [{ type: 'saved-read', saved: { entries: FRIDAY, text: 'Friday', fetchedAt: SAVED_AT, changes: [CANCELLED] } }],
      { schedule: { entries: FRIDAY, fetchedAt: SAVED_AT, changes: [CANCELLED] } },
    ],
    ['keeps the saved copy on screen while a fetch is under way', [savedRead, started], { loading: true }],
    [
      'replaces the saved copy with the answer and offers Refresh',
      [savedRead, started, fetched],
      { schedule: { entries: FRIDAY, fetchedAt: NOW, changes: [CANCELLED] }, fetched: true, loading: false },
    ],
    [
      'never lets a late saved copy replace this visit’s answer',
      [started, fetched, savedRead],
      { schedule: { entries: FRIDAY, fetchedAt: NOW, changes: [CANCELLED] } },
    ],
    [
      'keeps the saved copy, with no Error box, when no answer came',
      [savedRead, started, noAnswer],
      { schedule: { entries: MONDAY, fetchedAt: SAVED_AT, changes: [] }, error: undefined, loading: false },
    ],
    [
      'shows the Error box when no answer came and nothing was saved',
      [started, noAnswer],
      { schedule: undefined, error: 'Failed to fetch schedule' },
    ],
    [
      'shows the Error box for a refusal and keeps the saved copy under it',
      [savedRead, started, refused],
      { schedule: { entries: MONDAY, fetchedAt: SAVED_AT, changes: [] }, error: 'Calendar down' },
    ],
    ['clears the previous error as the next fetch starts', [started, refused, started], { error: undefined }],
    [
      'clears the error when an answer comes',
      [savedRead, started, refused, started, fetched],
      { error: undefined, fetched: true },
    ],
  ])('%s', (_case, events, expected) => {
    expect(run(...events)).toMatchObject(expected);
  });
});

describe('isQuietFailure', () => {
  const withSaved = run(savedRead, started);
  const withNothing = run(started);

  it.each<[string, boolean, ScheduleView, boolean]>([
    ['is quiet when no answer came and the saved copy is shown', true, withSaved, true],
    ['is reported when no answer came and nothing was saved', true, withNothing, false],
    ['is reported when the webhook answers with an error, saved copy or not', false, withSaved, false],
  ])('%s', (_case, noAnswer, view, quiet) => {
    expect(isQuietFailure(noAnswer, view)).toBe(quiet);
  });
});

describe('the requests beside the schedule', () => {
  const waiting: ParentRequest = {
    request_id: 'r1',
    asked: { date: '2026-11-30' },
    sent_at: '2026-11-23T09:00:00+05:30',
    status: 'waiting',
  };
  const confirmed: ParentRequest = {
    ...waiting,
    status: 'confirmed',
    confirmed: { starts_at: '2026-11-30T16:00:00+05:30', differs: false },
  };
  const savedWithRequests: ScheduleEvent = {
    type: 'saved-read',
    saved: { entries: MONDAY, text: 'Monday', fetchedAt: SAVED_AT, requests: [waiting] },
  };

  it('shows the saved requests with the saved schedule, and keeps them through a fetch that brings none', () => {
    expect(run(savedWithRequests).requests).toEqual([waiting]);
    expect(run(savedWithRequests, started, fetched).requests).toEqual([waiting]);
    expect(run(savedWithRequests, started, noAnswer).requests).toEqual([waiting]);
  });

  it('takes a fetched list whole, and an answered request in place of its old self', () => {
    expect(run(savedWithRequests, { type: 'requests-fetched', requests: [] }).requests).toEqual([]);
    expect(run(savedWithRequests, { type: 'request-answered', request: confirmed }).requests).toEqual([confirmed]);
    // An answer with no list on screen makes none up.
    expect(run({ type: 'request-answered', request: confirmed }).requests).toBeUndefined();
  });
});
