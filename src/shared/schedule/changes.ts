/**
 * The programme's changes to this week's sessions, as know_schedule answers
 * them beside the schedule (`changes`), read defensively like the requests:
 * one that does not read is left out. The schedule's lines already have
 * them applied; these say what changed and why, and what the calendar needs:
 * a moved occurrence keeps the event of the one it was, as a confirmed
 * request's move does, and a cancelled one is cancelled by that event's UID.
 * Either way its SEQUENCE is above the highest this phone may have written
 * for that event (each earlier change staff withdrew), so the calendar app
 * takes it over the event it holds. A withdrawn change (`restored`) puts the
 * event back where the roster has it, one SEQUENCE above the change it
 * undoes.
 *
 * An occurrence one of the parent's confirmed requests moved keeps the
 * request's time, whichever came first (week.ts, movedByRequest): the
 * programme's changes to it are not told, move nothing and cancel nothing
 * here, and the request's move goes above every SEQUENCE they may have
 * written for its event, made or withdrawn, before or after it.
 */
import type { ScheduleChange } from '../webhook/announcements.ts';
import type { SessionRef } from '../webhook/requests.ts';
import type { SessionMove } from './requests.ts';
import { movedByRequest, sameOccurrence } from './week.ts';

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

/** Whether one of the parent's confirmed requests moved the occurrence `session`: the request's time stands. */
const movedByTheirRequest = (session: SessionRef, requestMoves: readonly SessionMove[]) =>
  movedByRequest(
    session,
    requestMoves.map((move) => move.uidOf),
  );

/**
 * The changes the parent is told of: the standing ones, not the withdrawn ones that only put an event back, nor
 * those of an occurrence their request moved (their session is not affected; the announcement is in their updates).
 */
export const toldChanges = (changes: readonly ScheduleChange[], requestMoves: readonly SessionMove[]) =>
  changes.filter((change) => change.kind !== 'restored' && !movedByTheirRequest(change.session, requestMoves));

/** The changes in a list (a saved copy's); none when it is no list. */
export function readChangeList(list: unknown): ScheduleChange[] {
  return Array.isArray(list) ? list.filter(isScheduleChange) : [];
}

/** The changes a know_schedule answer carries, in any of the answer's shapes; none when it carries no list. */
export function readScheduleChanges(body: unknown): ScheduleChange[] {
  const record: unknown = Array.isArray(body) ? body[0] : body;
  return isObject(record) ? readChangeList(record.changes) : [];
}

/**
 * The SEQUENCE the programme's changes give the event of `session`: one for each change made to it, standing or
 * withdrawn, and one for each withdrawal. Staff make one change to an occurrence at a time (a second waits for the
 * first to be withdrawn), so a standing change comes after every withdrawn one, and the count only grows as changes
 * are made and withdrawn.
 */
export function programmeSequence(session: SessionRef, changes: readonly ScheduleChange[]): number {
  const mine = changes.filter((change) => sameOccurrence(change.session, session));
  const withdrawn = mine.filter((change) => change.kind === 'restored').length;
  const standing = mine.length > withdrawn ? 1 : 0;
  return 2 * withdrawn + standing;
}

/**
 * The schedule's moves: the programme's first (a later change wins where two land on the same time), then the
 * requests'. An occurrence put back by a withdrawal is a move to where it always was: its own event, a SEQUENCE
 * higher. (A cancelled one has no line to move.) An occurrence a request moved is the request's alone, its
 * SEQUENCE the request's own count of moves above programmeSequence: above anything the programme's changes wrote
 * for its event, and never lower than it was, so a later change only offers the same event again.
 */
export function withProgrammeMoves(
  changes: readonly ScheduleChange[],
  requestMoves: readonly SessionMove[],
): SessionMove[] {
  const standing = toldChanges(changes, requestMoves);
  const restored = changes.filter(
    (change, index) =>
      change.kind === 'restored' &&
      !movedByTheirRequest(change.session, requestMoves) &&
      !standing.some((other) => sameOccurrence(other.session, change.session)) &&
      changes.findIndex((other) => other.kind === 'restored' && sameOccurrence(other.session, change.session)) ===
        index,
  );
  const programme = [...standing, ...restored].flatMap((change) => {
    const sequence = programmeSequence(change.session, changes);
    const landing = change.kind === 'moved' ? change.moved_to : change.kind === 'restored' ? change.session : undefined;
    return landing ? [{ startsAt: Date.parse(landing.starts_at), uidOf: change.session, sequence }] : [];
  });
  const requests = requestMoves.map((move) => ({
    ...move,
    sequence: move.sequence + programmeSequence(move.uidOf, changes),
  }));
  return [...programme, ...requests];
}
