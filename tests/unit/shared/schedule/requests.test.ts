import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createScheduleCache } from '../../../../src/shared/schedule/cache.ts';
import {
  readAnsweredRequest,
  readParentRequests,
  sessionMoves,
  withRequest,
} from '../../../../src/shared/schedule/requests.ts';
import type { ParentRequest } from '../../../../src/shared/webhook/requests.ts';

const SESSION = { day: 'Monday', time: '5:00 PM', facilitator: 'Ms. Rao', starts_at: '2026-11-30T17:00:00+05:30' };
const WAITING: ParentRequest = {
  request_id: 'r1',
  asked: { date: '2026-12-02' },
  sent_at: '2026-11-23T09:00:00+05:30',
  status: 'waiting',
};
const CONFIRMED: ParentRequest = {
  ...WAITING,
  request_id: 'r2',
  status: 'confirmed',
  session: SESSION,
  confirmed: { starts_at: '2026-12-02T16:00:00+05:30', differs: false },
  calendar: { uid_of: SESSION, sequence: 1 },
};

describe('reading requests', () => {
  it.each<[string, unknown]>([
    ['an unknown status', { ...WAITING, status: 'lost' }],
    ['no request_id', { ...WAITING, request_id: 7 }],
    ['nothing asked', { ...WAITING, asked: {} }],
    ['confirmed with no time', { ...WAITING, status: 'confirmed' }],
    ['offered with no offer id', { ...WAITING, status: 'offered', offer: { starts_at: SESSION.starts_at } }],
    ['a calendar with no sequence', { ...CONFIRMED, calendar: { uid_of: SESSION } }],
    ['a session with no start', { ...WAITING, session: { ...SESSION, starts_at: 'soon' } }],
  ])('leaves out an item with %s, keeping the rest', (_case, item) => {
    expect(readParentRequests({ requests: [WAITING, item, CONFIRMED] })).toEqual([WAITING, CONFIRMED]);
  });

  it('reads no list at all as undefined, so the saved requests stay', () => {
    expect(readParentRequests('Unknown action')).toBeUndefined();
    expect(readParentRequests({ message: 'ok' })).toBeUndefined();
    expect(readParentRequests({ requests: [] })).toEqual([]);
  });

  it('takes the request an accept_offer answer carries, and puts it in place of the old one', () => {
    const answered = readAnsweredRequest({ message: 'Time accepted', request: { ...CONFIRMED, request_id: 'r1' } });
    expect(answered?.status).toBe('confirmed');
    expect(withRequest([WAITING, CONFIRMED], answered as ParentRequest).map((request) => request.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    expect(readAnsweredRequest({ message: 'Time accepted' })).toBeUndefined();
  });

  it('lists the sessions confirmed requests moved, with the event each keeps', () => {
    expect(sessionMoves([WAITING, CONFIRMED])).toEqual([
      { startsAt: Date.parse('2026-12-02T16:00:00+05:30'), uidOf: SESSION, sequence: 1 },
    ]);
  });

  it('moves a session two confirmed requests moved to the time answered last, its event above both', () => {
    const first = { ...CONFIRMED, answered_at: '2026-11-24T10:00:00+05:30' };
    const again: ParentRequest = {
      ...CONFIRMED,
      request_id: 'r3',
      asked: { date: '2026-12-04' },
      sent_at: '2026-11-25T09:00:00+05:30',
      answered_at: '2026-11-25T11:00:00+05:30',
      confirmed: { starts_at: '2026-12-04T17:00:00+05:30', differs: false },
    };
    const once = [{ startsAt: Date.parse('2026-12-04T17:00:00+05:30'), uidOf: SESSION, sequence: 2 }];
    expect(sessionMoves([again, first])).toEqual(once);
    expect(sessionMoves([first, again])).toEqual(once);
    // Answered at the same moment, the request sent later stands.
    expect(sessionMoves([again, { ...first, answered_at: again.answered_at }])).toEqual(once);
  });
});

describe('requests in the saved schedule', () => {
  const ASHA = { name: 'Asha Verma', number: '9876543210' };
  const saved = { entries: [], text: '', fetchedAt: Date.UTC(2026, 10, 23, 5) };
  const cacheAt = () =>
    createScheduleCache(createStore(`test-requests-${crypto.randomUUID()}`, 'by-parent'), () => saved.fetchedAt);

  it('keeps them with the schedule, and replaces them alone when an answer changes one', async () => {
    const cache = cacheAt();
    await cache.save(ASHA, { ...saved, requests: [WAITING, CONFIRMED] });
    expect((await cache.read(ASHA))?.requests).toEqual([WAITING, CONFIRMED]);
    await cache.keepRequests(ASHA, [CONFIRMED]);
    expect(await cache.read(ASHA)).toEqual({ ...saved, requests: [CONFIRMED] });
  });

  it('reads a saved copy from before requests were kept as the schedule alone', async () => {
    const cache = cacheAt();
    await cache.save(ASHA, saved);
    expect(await cache.read(ASHA)).toEqual(saved);
    await cache.keepRequests({ name: 'Ravi', number: '9123456780' }, [WAITING]);
    expect(await cache.read({ name: 'Ravi', number: '9123456780' })).toBeUndefined();
  });
});
