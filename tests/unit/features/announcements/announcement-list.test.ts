import { describe, expect, it } from 'vitest';
import {
  readAnnouncements,
  shownAnnouncements,
  unreadCount,
} from '../../../../src/features/announcements/announcement-list.ts';
import type { Announcement } from '../../../../src/shared/webhook/announcements.ts';
import { announcement } from '../../../support/announcements.ts';

const SESSION = {
  day: 'Wednesday',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
  starts_at: '2026-11-25T16:00:00+05:30',
};

const OLDER = announcement('a1', '2026-11-20T09:00:00+05:30');
const NEWER = announcement('a2', '2026-11-22T09:00:00+05:30', {
  kind: 'cancelled',
  session: SESSION,
  reason: 'Diwali',
  calendar: { uid_of: SESSION, sequence: 1 },
});

describe('readAnnouncements', () => {
  it.each<[string, unknown, Announcement[] | undefined]>([
    ['an answer with its list', { announcements: [OLDER, NEWER] }, [OLDER, NEWER]],
    ['a bare list (a saved copy)', [OLDER], [OLDER]],
    ['an answer with no list', { message: 'ok' }, undefined],
    ['no body', undefined, undefined],
    ['an item of an unknown kind is left out', [{ ...OLDER, kind: 'poll' }, NEWER], [NEWER]],
    ['an item with no title is left out', [{ ...OLDER, title: undefined }], []],
    ['an item in another language is left out', [{ ...OLDER, language: 'fr' }], []],
    ['an item whose time does not read is left out', [{ ...OLDER, sent_at: 'soon' }], []],
    ['an item whose session does not read is left out', [{ ...NEWER, session: { day: 'Wed' } }], []],
  ])('%s', (_case, body, expected) => {
    expect(readAnnouncements(body)).toEqual(expected);
  });
});

describe('shownAnnouncements and unreadCount', () => {
  it('lists the newest first', () => {
    expect(shownAnnouncements([OLDER, NEWER], new Set()).map((item) => item.announcement_id)).toEqual(['a2', 'a1']);
  });

  it.each<[string, Announcement[], string[], number]>([
    ['nothing seen', [OLDER, NEWER], [], 2],
    ['one seen by the server', [OLDER, { ...NEWER, seen: true }], [], 1],
    ['one marked on this phone, not yet sent', [OLDER, NEWER], ['a1'], 1],
    ['both, one each way', [OLDER, { ...NEWER, seen: true }], ['a1'], 0],
    ['a mark for an announcement no longer listed counts nothing', [OLDER], ['gone'], 1],
    ['no announcements', [], [], 0],
  ])('counts unread with %s', (_case, list, seenHere, unread) => {
    expect(unreadCount(shownAnnouncements(list, new Set(seenHere)))).toBe(unread);
  });
});
