/**
 * The programme's changes to this week's sessions, as know_schedule answers
 * them beside the schedule (`changes`), read defensively like the requests:
 * one that does not read is left out. The schedule's lines already have
 * them applied; these say what changed and why, and what the calendar needs:
 * a moved occurrence keeps the event of the one it was, as a confirmed
 * request's move does, and a cancelled one is cancelled by that event's UID.
 * Either way its SEQUENCE is one above the highest this phone may have
 * written for that event (a request's move of the same session), so the
 * calendar app takes it over the event it holds.
 */
import type { ScheduleChange } from '../webhook/announcements.ts';
import type { SessionRef } from '../webhook/requests.ts';
import type { SessionMove } from './requests.ts';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';

function isSessionRef(value: unknown): value is SessionRef {
  return (
    isObject(value) &&
    isText(value.day) &&
    isText(value.time) &&
    isText(value.facilitator) &&
    isText(value.starts_at) &&
    !Number.isNaN(Date.parse(value.starts_at))
  );
}

export function isScheduleChange(value: unknown): value is ScheduleChange {
  if (!isObject(value)) return false;
  const { announcement_id, kind, session, moved_to, reason } = value;
  return (
    isText(announcement_id) &&
    isSessionRef(session) &&
    isText(reason) &&
    (kind === 'cancelled' || (kind === 'moved' && isSessionRef(moved_to)))
  );
}

/** The changes in a list (a saved copy's); none when it is no list. */
export function readChangeList(list: unknown): ScheduleChange[] {
  return Array.isArray(list) ? list.filter(isScheduleChange) : [];
}

/** The changes a know_schedule answer carries, in any of the answer's shapes; none when it carries no list. */
export function readScheduleChanges(body: unknown): ScheduleChange[] {
  const record: unknown = Array.isArray(body) ? body[0] : body;
  return isObject(record) ? readChangeList(record.changes) : [];
}

/** Two references to one occurrence: the same moment and the same facilitator. */
function sameSession(a: SessionRef, b: SessionRef): boolean {
  return (
    Date.parse(a.starts_at) === Date.parse(b.starts_at) && a.facilitator.toLowerCase() === b.facilitator.toLowerCase()
  );
}

/** One above the highest SEQUENCE a request's move gave the event of `session` (none: 0). */
export function nextSequence(session: SessionRef, requestMoves: readonly SessionMove[]): number {
  return (
    Math.max(0, ...requestMoves.filter((move) => sameSession(move.uidOf, session)).map((move) => move.sequence)) + 1
  );
}

/**
 * The programme's moves as the schedule's moves, ahead of the requests' (a
 * later change wins where two land on the same time), then the requests'.
 */
export function withProgrammeMoves(
  changes: readonly ScheduleChange[],
  requestMoves: readonly SessionMove[],
): SessionMove[] {
  const programme = changes.flatMap((change) =>
    change.kind === 'moved' && change.moved_to
      ? [
          {
            startsAt: Date.parse(change.moved_to.starts_at),
            uidOf: change.session,
            sequence: nextSequence(change.session, requestMoves),
          },
        ]
      : [],
  );
  return [...programme, ...requestMoves];
}
