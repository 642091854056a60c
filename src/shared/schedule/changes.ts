/**
 * The programme's changes to this week's sessions, as know_schedule answers
 * them beside the schedule (`changes`), read defensively like the requests:
 * one that does not read is left out. The schedule's lines already have
 * them applied; these say what changed and why, and what the calendar needs:
 * a moved occurrence keeps the event of the one it was, as a confirmed
 * request's move does, and a cancelled one is cancelled by that event's UID.
 * Either way its SEQUENCE is above the highest this phone may have written
 * for that event (a request's move of the same session, and each earlier
 * change staff withdrew), so the calendar app takes it over the event it
 * holds. A withdrawn change (`restored`) puts the event back where the
 * roster has it, one SEQUENCE above the change it undoes.
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
    (kind === 'cancelled' || kind === 'restored' || (kind === 'moved' && isSessionRef(moved_to)))
  );
}

/** The changes the parent is told of: the standing ones, not the withdrawn ones that only put an event back. */
export const toldChanges = (changes: readonly ScheduleChange[]) =>
  changes.filter((change) => change.kind !== 'restored');

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

/**
 * The SEQUENCE of the event of `session` as the programme's changes leave it: one above the highest a request's move
 * gave it (none: 0) for each change made to it, standing or withdrawn, and for each withdrawal. Staff make one
 * change to an occurrence at a time (a second waits for the first to be withdrawn), so a standing change comes after
 * every withdrawn one.
 */
export function programmeSequence(
  session: SessionRef,
  changes: readonly ScheduleChange[],
  requestMoves: readonly SessionMove[],
): number {
  const requests = Math.max(
    0,
    ...requestMoves.filter((move) => sameSession(move.uidOf, session)).map((move) => move.sequence),
  );
  const mine = changes.filter((change) => sameSession(change.session, session));
  const withdrawn = mine.filter((change) => change.kind === 'restored').length;
  const standing = mine.length > withdrawn ? 1 : 0;
  return requests + 2 * withdrawn + standing;
}

/**
 * The programme's moves as the schedule's moves, ahead of the requests' (a
 * later change wins where two land on the same time), then the requests'.
 * An occurrence put back by a withdrawal is a move to where it always was:
 * its own event, a SEQUENCE higher. (A cancelled one has no line to move.)
 */
export function withProgrammeMoves(
  changes: readonly ScheduleChange[],
  requestMoves: readonly SessionMove[],
): SessionMove[] {
  const standing = toldChanges(changes);
  const restored = changes.filter(
    (change, index) =>
      change.kind === 'restored' &&
      !standing.some((other) => sameSession(other.session, change.session)) &&
      changes.findIndex((other) => other.kind === 'restored' && sameSession(other.session, change.session)) === index,
  );
  const programme = [...standing, ...restored].flatMap((change) => {
    const sequence = programmeSequence(change.session, changes, requestMoves);
    const landing = change.kind === 'moved' ? change.moved_to : change.kind === 'restored' ? change.session : undefined;
    return landing ? [{ startsAt: Date.parse(landing.starts_at), uidOf: change.session, sequence }] : [];
  });
  return [...programme, ...requestMoves];
}
