/**
 * What became of each request (migration 7): the answers recorded against
 * it, oldest first, and the event line each answer adds to the parent's
 * thread. Staff answers and a parent's acceptance are written here, each in
 * one transaction with its event line and the request's handled mark.
 */
import { perConnection, type Db } from '../db/database.ts';
import { threadTable } from '../db/thread-table.ts';
import type { OutcomeRow } from '../../src/shared/rules/request-outcome.ts';

/** The kinds of answer: a reschedule's outcome, or where a visitor's request stands. */
export const RESCHEDULE_ANSWERS = ['confirmed', 'offered', 'declined'] as const;
export const VISITOR_STATUSES = ['new', 'contacted', 'booked', 'closed'] as const;
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];
export type AnswerKind = OutcomeRow['kind'] | VisitorStatus;

export interface StoredRequest {
  request_id: string;
  action: string;
  user_name: string;
  user_number: string;
  number_key: string;
  payload: Record<string, unknown>;
  timestamp_ist: string;
  language: 'en' | 'hi' | null;
}

export interface AnswerRow {
  kind: AnswerKind;
  starts_at: string | null;
  offer_id: string | null;
  reason: string | null;
  answered_by: string;
  answered_at: string;
}

export interface NewAnswer {
  kind: AnswerKind;
  startsAt?: string;
  offerId?: string;
  reason?: string;
  by: string;
  at: Date;
}

type RequestRow = Omit<StoredRequest, 'payload'> & { payload: string };

const REQUEST_COLUMNS = 'request_id, action, user_name, user_number, number_key, payload, timestamp_ist, language';
const RESCHEDULES = "('reschedule_single', 'reschedule_range')";

const parsed = (row: RequestRow): StoredRequest => ({
  ...row,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
});

export const isOutcome = (row: AnswerRow): row is AnswerRow & OutcomeRow =>
  row.kind === 'confirmed' || row.kind === 'offered' || row.kind === 'declined' || row.kind === 'accepted';

function prepareAnswerStore(db: Db) {
  const request = db.prepare<[string], RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM requests WHERE request_id = ?`);
  const reschedulesOf = db.prepare<[string], RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM requests WHERE number_key = ? AND action IN ${RESCHEDULES} ORDER BY id DESC`,
  );
  const answers = db.prepare<[string], AnswerRow>(`
    SELECT kind, starts_at, offer_id, reason, answered_by, answered_at FROM request_answers
    WHERE request_id = ? ORDER BY id`);
  const insert = db.prepare(`
    INSERT INTO request_answers (request_id, kind, starts_at, offer_id, reason, answered_by, answered_at)
    VALUES (@requestId, @kind, @startsAt, @offerId, @reason, @by, @at)`);
  const setHandled = db.prepare(`
    INSERT INTO request_handling (request_id, handled_at, handled_by) VALUES (?, ?, ?)
    ON CONFLICT (request_id) DO UPDATE SET handled_at = excluded.handled_at, handled_by = excluded.handled_by`);
  const setNew = db.prepare('DELETE FROM request_handling WHERE request_id = ?');
  const threads = threadTable(db);

  const write = (requestId: string, answer: NewAnswer, event: { numberKey: string; text: string } | undefined) => {
    insert.run({
      requestId,
      kind: answer.kind,
      startsAt: answer.startsAt ?? null,
      offerId: answer.offerId ?? null,
      reason: answer.reason ?? null,
      by: answer.by,
      at: answer.at.toISOString(),
    });
    if (answer.kind === 'new') setNew.run(requestId);
    else if (answer.kind !== 'accepted') setHandled.run(requestId, answer.at.toISOString(), answer.by);
    if (event) threads.addEvent(event.numberKey, answer.by, event.text, answer.at);
  };

  return {
    request(requestId: string): StoredRequest | undefined {
      const row = request.get(requestId);
      return row ? parsed(row) : undefined;
    },
    /** A number's reschedule requests, newest first. */
    reschedulesOf: (numberKey: string) => reschedulesOf.all(numberKey).map(parsed),
    /** A request's answers, oldest first. */
    answers: (requestId: string) => answers.all(requestId),
    /**
     * Records an answer, with its event line in the parent's thread, in one
     * transaction (or in the caller's, when it runs inside one).
     */
    record(requestId: string, answer: NewAnswer, event?: { numberKey: string; text: string }) {
      db.transaction(() => write(requestId, answer, event))();
    },
  };
}

export type AnswerStore = ReturnType<typeof prepareAnswerStore>;

/** The requests' answers on this connection: the app's and the push service's one store. */
export const answerStore = perConnection(prepareAnswerStore);
