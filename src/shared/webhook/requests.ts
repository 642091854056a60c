/**
 * The request-outcome half of the webhook contract: a parent reads what
 * became of their reschedule requests, and accepts a time staff offered.
 * `list_requests` is asked like `know_schedule` (name and number, nothing
 * stored); `accept_offer` is a request like the spec's six (request_id,
 * timestamp_ist, stored once), so the outbox sends it write-ahead.
 * docs/webhook-contract.md describes both and their refusals.
 */
import type { Language, User } from './types.ts';

export type RequestsAction = 'list_requests' | 'accept_offer';

export const REQUESTS_ACTIONS: readonly RequestsAction[] = ['list_requests', 'accept_offer'];

/** A session as the schedule names it, and when it starts (ISO 8601 with +05:30). */
export interface SessionRef {
  day: string;
  time: string;
  facilitator: string;
  starts_at: string;
}

export type RequestStatus = 'waiting' | 'confirmed' | 'offered' | 'declined';

export interface ParentRequest {
  request_id: string;
  /** What was asked: one date, or a range (equal ends for one date sent as a range). */
  asked: { date: string } | { start_date: string; end_date: string };
  /** ISO 8601: when the parent sent it (their timestamp_ist). */
  sent_at: string;
  status: RequestStatus;
  /** The session the request concerns, when the roster names one in the asked days' week. */
  session?: SessionRef;
  /** confirmed: the new time; `differs` when it is outside the days asked for. */
  confirmed?: { starts_at: string; differs: boolean };
  /** offered: the time staff offer; `offer_id` is what accept_offer names. */
  offer?: { offer_id: string; starts_at: string };
  /** declined: the short reason staff gave. */
  reason?: string;
  /** When staff answered (ISO 8601) and who. */
  answered_at?: string;
  answered_by?: string;
  /**
   * For a confirmed move: the calendar event to update. The UID is the moved
   * session's original one; SEQUENCE rises with each change.
   */
  calendar?: { uid_of: SessionRef; sequence: number };
}

export interface RequestsRequests {
  list_requests: { action: 'list_requests'; user: User; language?: Language };
  accept_offer: {
    action: 'accept_offer';
    user: User;
    payload: { request_id: string; offer_id: string };
    timestamp_ist: string;
    request_id: string;
    language?: Language;
  };
}

export interface RequestsAnswers {
  list_requests: { requests: ParentRequest[] };
  accept_offer: { message: string; request: ParentRequest };
}
