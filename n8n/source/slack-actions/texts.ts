import { ANSWER_TEXTS, type AnswerKey } from '../../../server/contract/texts.ts';
import { TIME_PROBLEMS as STAFF_TIME_PROBLEMS, textProblems } from '../../../server/requests/answer.ts';
import type { AnswerTimeProblem } from '../../../src/shared/rules/request-outcome.ts';
import type { Language } from '../../../src/shared/webhook/types.ts';

/** The event lines an answer adds to the parent's thread, in both languages (server/contract/texts.ts). */
const EVENTS = [
  'eventConfirmed',
  'eventConfirmedOtherDay',
  'eventOffered',
  'eventDeclined',
] as const satisfies readonly AnswerKey[];

const only = (language: Language) => Object.fromEntries(EVENTS.map((key) => [key, ANSWER_TEXTS[language][key]]));

export const EVENT_TEXTS = { en: only('en'), hi: only('hi') };

/** What the form shows under its day or time when it cannot take them (a past day in /staff's words). */
export const TIME_PROBLEMS = {
  day: 'Please pick a day',
  time: 'Please pick a time',
  past: STAFF_TIME_PROBLEMS.past,
} as const satisfies Record<AnswerTimeProblem, string>;

/** What the form shows under its reason when it cannot take it, in /staff's words. */
export const REASON_PROBLEMS = textProblems('a reason');

/** What the buttons and the form say to the programme team in Slack (English, as the staff pages). */
export const BUTTONS = { confirm: 'Confirm', offer: 'Offer another time', decline: 'Decline' } as const;

/** The button's action_id, and what the form asks and records for it. */
export type OutcomeAction = keyof typeof BUTTONS;
