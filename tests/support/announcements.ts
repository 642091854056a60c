import type { Announcement } from '../../src/shared/webhook/announcements.ts';

/** An announcement as list_announcements answers it: staff's words, unseen, not urgent, unless `extra` says so. */
export const announcement = (id: string, sentAt: string, extra: Partial<Announcement> = {}): Announcement => ({
  announcement_id: id,
  kind: 'announcement',
  title: `Title ${id}`,
  body: `Body ${id}`,
  language: 'en',
  sent_at: sentAt,
  urgent: false,
  seen: false,
  ...extra,
});

/** Wednesday's 4:00 PM session of NOW's week (tests/support/people.ts), as a session change names it. */
export const DIWALI_WEDNESDAY = {
  day: 'Wednesday',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
  starts_at: '2026-11-25T16:00:00+05:30',
};
/** The programme cancels it for Diwali: urgent, with a phone number and a link in its words, the calendar's UID kept. */
export const CANCELLED_FOR_DIWALI: Announcement = announcement('ann-diwali', '2026-11-23T09:30:00+05:30', {
  kind: 'cancelled',
  title: 'Wednesday’s session is cancelled',
  body: 'No session on Wednesday for Diwali.\nQuestions? Call 98765 43210 or read https://thrive.example/holidays.',
  urgent: true,
  session: DIWALI_WEDNESDAY,
  reason: 'Diwali',
  calendar: { uid_of: DIWALI_WEDNESDAY, sequence: 1 },
});
/** An earlier announcement of the term. */
export const WELCOME: Announcement = announcement('ann-welcome', '2026-11-20T09:00:00+05:30', {
  title: 'Welcome to the new term',
});
