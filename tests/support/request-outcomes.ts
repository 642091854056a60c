/**
 * A parent's reschedule requests in each state, on the week of NOW (tests/support/people.ts): one asking to move
 * Wednesday's session, confirmed (moved to Thursday 4:00 PM), offered (Friday 6:00 PM), declined, and waiting. The
 * screen tests and the browser spec of request outcomes read the same ones.
 */
import type { ParentRequest, SessionRef } from '../../src/shared/webhook/requests.ts';

export const WEDNESDAY: SessionRef = {
  day: 'Wednesday',
  time: '5:00 PM',
  facilitator: 'Ms. Rao',
  starts_at: '2026-11-25T17:00:00+05:30',
};
const asked = (sentAt: string) => ({
  asked: { start_date: '2026-11-24', end_date: '2026-11-25' },
  sent_at: sentAt,
  session: WEDNESDAY,
});
export const CONFIRMED: ParentRequest = {
  request_id: 'req-confirmed',
  ...asked('2026-11-23T09:40:00+05:30'),
  status: 'confirmed',
  confirmed: { starts_at: '2026-11-26T16:00:00+05:30', differs: true },
  calendar: { uid_of: WEDNESDAY, sequence: 1 },
};
export const OFFERED: ParentRequest = {
  request_id: 'req-offered',
  ...asked('2026-11-23T09:30:00+05:30'),
  status: 'offered',
  offer: { offer_id: 'offer-1', starts_at: '2026-11-27T18:00:00+05:30' },
};
export const DECLINED: ParentRequest = {
  request_id: 'req-declined',
  ...asked('2026-11-23T09:20:00+05:30'),
  status: 'declined',
  reason: 'No facilitator is free that week',
};
export const WAITING: ParentRequest = {
  request_id: 'req-waiting',
  ...asked('2026-11-23T09:10:00+05:30'),
  status: 'waiting',
};
