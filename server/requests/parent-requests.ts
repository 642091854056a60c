import type { ParentRequest } from '../../src/shared/webhook/requests.ts';
import { confirmedMoves, parentRequest } from '../../src/shared/schedule/request-session.ts';
import type { Move, WeeklySession } from '../../src/shared/schedule/week.ts';
import { isOutcome, type AnswerStore, type StoredRequest } from './store.ts';

/** A stored reschedule request as the parent reads it, with its answers so far. */
export function asParentRequest(
  answers: AnswerStore,
  request: StoredRequest,
  sessions: readonly WeeklySession[],
): ParentRequest | undefined {
  return parentRequest(request, answers.answers(request.request_id).filter(isOutcome), sessions);
}

/** A number's reschedule requests, newest first, as the parent reads them. */
export function parentRequestsOf(
  answers: AnswerStore,
  numberKey: string,
  sessions: readonly WeeklySession[],
): ParentRequest[] {
  return answers.reschedulesOf(numberKey).flatMap((request) => asParentRequest(answers, request, sessions) ?? []);
}

/** The confirmed moves of a number's sessions, for know_schedule. */
export function movesOf(answers: AnswerStore, numberKey: string, sessions: readonly WeeklySession[]): Move[] {
  return confirmedMoves(parentRequestsOf(answers, numberKey, sessions));
}
