/**
 * A parent's confirmed reschedule requests by the session each moved: what the schedule (know_schedule, on both
 * backends), the reminders and the portal's calendar events take from them. Its own small module, as n8n's Code
 * nodes bundle it beside the rules they run.
 */
import type { ParentRequest, SessionRef } from '../webhook/requests.ts';
import { sameOccurrence } from './week.ts';

/** A request staff confirmed. */
export type ConfirmedRequest = ParentRequest & { confirmed: { starts_at: string } };

const isConfirmed = (request: ParentRequest): request is ConfirmedRequest =>
  request.status === 'confirmed' && request.confirmed !== undefined;

const answeredAt = (request: ParentRequest) => Date.parse(request.answered_at ?? request.sent_at) || 0;
const latestFirst = (a: ParentRequest, b: ParentRequest) =>
  answeredAt(b) - answeredAt(a) || (Date.parse(b.sent_at) || 0) - (Date.parse(a.sent_at) || 0);

/**
 * A parent's confirmed requests by the occurrence each moved (its session, which is also its calendar event's,
 * `calendar.uid_of`), the one answered last first in its group. A parent may ask again to move a session a confirmed
 * request has moved already (Thursday confirmed, then Friday asked for): once that is confirmed too, the session is at
 * the time answered last, and there once.
 */
export function confirmedByOccurrence(requests: readonly ParentRequest[]): ConfirmedRequest[][] {
  const groups: { occurrence: SessionRef; requests: ConfirmedRequest[] }[] = [];
  for (const request of requests.filter(isConfirmed)) {
    const occurrence = request.session ?? request.calendar?.uid_of;
    if (!occurrence) continue;
    const group = groups.find((one) => sameOccurrence(one.occurrence, occurrence));
    if (group) group.requests.push(request);
    else groups.push({ occurrence, requests: [request] });
  }
  return groups.map((group) => group.requests.sort(latestFirst));
}
