/**
 * Staff answering a request in /staff, in one step: a reschedule is
 * confirmed at a day and time, offered another time, or declined with a
 * short reason; a visitor's consultation or call request moves between new,
 * contacted, booked and closed, with a note. Each answer is recorded with who
 * and when; a reschedule's answer also joins the parent's thread as an event
 * line in the request's language, and is handed to `onOutcome` (notifications).
 */
import { randomUUID } from 'node:crypto';
import { istTodayKey } from '../../src/shared/rules/reschedule.ts';
import type { ParentRequest } from '../../src/shared/webhook/requests.ts';
import { answerText } from '../contract/texts.ts';
import type { Roster } from '../roster/roster-store.ts';
import { whenText } from './actions.ts';
import { asParentRequest } from './parent-requests.ts';
import {
  ANSWER_TEXT_MAX_LENGTH,
  answerTimeProblem,
  askedOf,
  cleanAnswerText,
  type AnswerTextProblem,
  type AnswerTimeProblem,
  differs,
  startsAtOf,
} from '../../src/shared/rules/request-outcome.ts';
import { VISITOR_STATUSES, type AnswerStore, type NewAnswer, type VisitorStatus } from './store.ts';

/** What /staff says of a day and time it cannot take (n8n's Slack form says a past day in the same words). */
export const TIME_PROBLEMS = {
  day: 'Choose a day',
  time: 'Choose a time, such as 16:00',
  past: 'The day is in the past: choose today or a later day',
} as const satisfies Record<AnswerTimeProblem, string>;

/** What the staff form sends. */
export interface StaffAnswerForm {
  answer: string;
  day?: string;
  time?: string;
  reason?: string;
  status?: string;
  note?: string;
}

/**
 * Called once an answer to a parent's reschedule request is recorded (Web
 * Push is wired to it). Its failure, thrown or rejected, never undoes the
 * answer: it is logged.
 */
export type OnOutcome = (numberKey: string, requestId: string, outcome: ParentRequest) => void | Promise<void>;

export type AnswerResult = { ok: true; done: string } | { ok: false; status: 400 | 404; problem: string };

const problem = (text: string): AnswerResult => ({ ok: false, status: 400, problem: text });

/** What /staff says of `what` (a reason, a note) when it cannot take it; n8n's Slack form says it of a reason. */
export function textProblems(what: string): Record<AnswerTextProblem, string> {
  return {
    blank: `Please write ${what}`,
    long: `The ${what.replace(/^an? /, '')} must be ${ANSWER_TEXT_MAX_LENGTH} characters or less`,
    control: 'Control characters are not allowed',
    direction: `The ${what.replace(/^an? /, '')} cannot contain characters that change the direction of text, such as U+202E`,
  };
}

function cleanText(raw: string | undefined, what: string, required: boolean): string | AnswerResult {
  const cleaned = cleanAnswerText(raw ?? '', required);
  return 'text' in cleaned ? cleaned.text : problem(textProblems(what)[cleaned.problem]);
}

export interface AnswerDeps {
  answers: AnswerStore;
  roster: Roster;
  onOutcome?: OnOutcome | undefined;
}

export function answerRequest(
  { answers, roster, onOutcome }: AnswerDeps,
  requestId: string,
  form: StaffAnswerForm,
  by: string,
  now: Date,
): AnswerResult {
  const request = answers.request(requestId);
  if (!request) return { ok: false, status: 404, problem: 'No such request' };
  const visitor = request.action === 'book_consult' || request.action === 'schedule_call';
  if (visitor) {
    const status = form.status as VisitorStatus;
    if (!VISITOR_STATUSES.includes(status)) return problem('The status must be new, contacted, booked or closed');
    const note = cleanText(form.note, 'a note', false);
    if (typeof note !== 'string') return note;
    answers.record(requestId, { kind: status, ...(note ? { reason: note } : {}), by, at: now });
    return { ok: true, done: `Status set to ${status}` };
  }
  const asked = askedOf(request.action, request.payload);
  if (!asked) return { ok: false, status: 404, problem: 'This request has no answer to give' };
  const language = request.language ?? 'en';
  let answer: NewAnswer;
  let text: string;
  let done: string;
  if (form.answer === 'decline') {
    const reason = cleanText(form.reason, 'a reason', true);
    if (typeof reason !== 'string') return reason;
    answer = { kind: 'declined', reason, by, at: now };
    text = answerText(language, 'eventDeclined', { reason });
    done = 'Declined';
  } else if (form.answer === 'confirm' || form.answer === 'offer') {
    const day = form.day ?? '';
    const time = form.time ?? '';
    const wrong = answerTimeProblem(day, time, istTodayKey(now));
    if (wrong) return problem(TIME_PROBLEMS[wrong]);
    const startsAt = startsAtOf(day, time);
    const when = whenText(startsAt, language);
    if (form.answer === 'confirm') {
      answer = { kind: 'confirmed', startsAt, by, at: now };
      text = answerText(language, differs(asked, startsAt) ? 'eventConfirmedOtherDay' : 'eventConfirmed', { when });
      done = `Confirmed for ${whenText(startsAt, 'en')}`;
    } else {
      answer = { kind: 'offered', startsAt, offerId: randomUUID(), by, at: now };
      text = answerText(language, 'eventOffered', { when });
      done = `Offered ${whenText(startsAt, 'en')}`;
    }
  } else {
    return problem('Choose Confirm, Offer another time or Decline');
  }
  answers.record(requestId, answer, { numberKey: request.number_key, text });
  const parent = roster.find({ name: request.user_name, number: request.user_number });
  const outcome = asParentRequest(answers, request, parent?.sessions ?? []);
  if (outcome) onOutcome?.(request.number_key, requestId, outcome);
  return { ok: true, done };
}
