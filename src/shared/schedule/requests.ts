/**
 * A parent's reschedule requests with their outcome, as list_requests and
 * accept_offer answer them, read defensively: an item that does not read as a
 * request (a webhook of another version, a damaged saved copy) is left out
 * rather than breaking the schedule screen. Also what the schedule takes
 * from them: which sessions were moved, and the calendar event each one
 * updates.
 */
import type { ParentRequest, RequestStatus, SessionRef } from '../webhook/requests.ts';
import { confirmedByOccurrence } from './confirmed-moves.ts';

const STATUSES: ReadonlySet<string> = new Set<RequestStatus>(['waiting', 'confirmed', 'offered', 'declined']);

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isMoment = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));

function isSessionRef(value: unknown): value is SessionRef {
  return (
    isObject(value) && isText(value.day) && isText(value.time) && isText(value.facilitator) && isMoment(value.starts_at)
  );
}

function isAsked(value: unknown): value is ParentRequest['asked'] {
  if (!isObject(value)) return false;
  return isText(value.date) || (isText(value.start_date) && isText(value.end_date));
}

/** Each outcome carries what it needs: a confirmed time, an offer to accept, a reason may be empty. */
function hasItsOutcome(value: Fields): boolean {
  const { status, confirmed, offer, reason } = value;
  if (status === 'confirmed') return isObject(confirmed) && isMoment(confirmed.starts_at);
  if (status === 'offered') return isObject(offer) && isText(offer.offer_id) && isMoment(offer.starts_at);
  if (status === 'declined') return reason === undefined || isText(reason);
  return true;
}

export function isParentRequest(value: unknown): value is ParentRequest {
  if (!isObject(value)) return false;
  const { request_id, asked, sent_at, status, session, calendar } = value;
  return (
    isText(request_id) &&
    isAsked(asked) &&
    isText(sent_at) &&
    isText(status) &&
    STATUSES.has(status) &&
    (session === undefined || isSessionRef(session)) &&
    (calendar === undefined ||
      (isObject(calendar) && isSessionRef(calendar.uid_of) && Number.isInteger(calendar.sequence))) &&
    hasItsOutcome(value)
  );
}

/** The requests of a list_requests answer (or a saved copy), or undefined when it holds no list at all. */
export function readParentRequests(body: unknown): ParentRequest[] | undefined {
  const list = isObject(body) && !Array.isArray(body) ? body.requests : body;
  return Array.isArray(list) ? list.filter(isParentRequest) : undefined;
}

/** The request an accept_offer answer carries, as it now stands. */
export function readAnsweredRequest(body: unknown): ParentRequest | undefined {
  return isObject(body) && isParentRequest(body.request) ? body.request : undefined;
}

/** The list with `changed` in place of the request of the same id (newest answer wins); others as they were. */
export function withRequest(requests: readonly ParentRequest[], changed: ParentRequest): ParentRequest[] {
  return requests.map((request) => (request.request_id === changed.request_id ? changed : request));
}

/** A confirmed move: the session now starting at `startsAt` keeps the calendar event of `uidOf`. */
export interface SessionMove {
  startsAt: number;
  uidOf: SessionRef;
  sequence: number;
}

/**
 * Every session a confirmed request moved, where the request answered last put it, latest change first when two
 * land on the same time. Its event's SEQUENCE counts the moves of every confirmed request of that occurrence, so the
 * later request's update goes above the one the earlier request wrote to the phone's calendar.
 */
export function sessionMoves(requests: readonly ParentRequest[]): SessionMove[] {
  return confirmedByOccurrence(requests)
    .flatMap((group) => {
      const [latest] = group;
      return latest?.calendar
        ? [
            {
              startsAt: Date.parse(latest.confirmed.starts_at),
              uidOf: latest.calendar.uid_of,
              sequence: group.reduce((sum, request) => sum + (request.calendar?.sequence ?? 0), 0),
            },
          ]
        : [];
    })
    .sort((a, b) => b.sequence - a.sequence);
}

/** The move that lands on a session starting at `startsAt`, if a confirmed request put it there. */
export function moveLandingAt(moves: readonly SessionMove[], startsAt: Date): SessionMove | undefined {
  return moves.find((move) => move.startsAt === startsAt.getTime());
}
