/**
 * The announcement rules' words, for staff (the /staff pages are English
 * only, as is n8n's Slack form): each problem of rules.ts says what to do.
 */
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '../webhook/announcements.ts';
import { ANSWER_TEXT_MAX_LENGTH } from '../rules/request-outcome.ts';
import type { MoveProblem, TextProblem, WhenProblem } from './rules.ts';

export const en = {
  text: {
    noText: 'Write a title and a text, in English, in Hindi, or in both.',
    titleOnly: 'A title needs its text: write the text in the same language, or remove the title.',
    bodyOnly: 'A text needs its title: write the title in the same language, or remove the text.',
    titleTooLong: `A title must be ${ANNOUNCEMENT_TITLE_MAX} characters or less.`,
    bodyTooLong: `A text must be ${ANNOUNCEMENT_BODY_MAX} characters or less.`,
    control: 'The title and text cannot contain control characters other than line breaks.',
    direction: 'The title and text cannot contain characters that change the direction of text, such as U+202E.',
  } satisfies Record<TextProblem, string>,
  when: {
    day: 'Write the day as YYYY-MM-DD, or leave the day and time empty to send now.',
    time: 'Write the time as HH:mm (24-hour, India), or leave the day and time empty to send now.',
    past: 'That time has passed: choose a later one, or leave the day and time empty to send now.',
  } satisfies Record<WhenProblem, string>,
  move: {
    day: 'Choose the day the session moves to.',
    time: 'Write the new time as HH:mm (24-hour, India).',
    past: 'That time has passed: choose a later one.',
    otherWeek: 'A session moves within its own week (Monday to Sunday): choose a day of that week.',
    same: 'That is when the session already is: choose another day or time.',
  } satisfies Record<MoveProblem, string>,
  reason: {
    blank: 'Write the reason parents will read, e.g. Diwali.',
    long: `The reason must be ${ANSWER_TEXT_MAX_LENGTH} characters or less.`,
    control: 'The reason cannot contain control characters other than line breaks.',
    direction: 'The reason cannot contain characters that change the direction of text, such as U+202E.',
  },
  nobody: 'This audience has nobody on the roster: choose another, or choose parents.',
  audienceUnknown: 'Choose who the announcement is for.',
  /** Followed by the numbers, comma-separated. */
  chosenNotPhones: 'Write each chosen parent’s phone number as 10 digits, one a line. These are not phone numbers:',
  chosenNotOnRoster: 'Remove these numbers, or add their parents to the roster first. Not on the roster:',
  urgentUnconfirmed:
    'An urgent announcement is pushed even in parents’ quiet hours: tick the confirmation to send it as urgent.',
  noOccurrence: 'That session is not on the roster on that day, or it has already started.',
  noSessionsThatDay: 'No session on the roster is left on that day.',
  notInWindow:
    'A session can be changed this week or next (Monday to Sunday, India time): choose a day in those two weeks.',
  moveUnderway:
    'This session’s usual time has passed and its new time has not: withdrawing the move now would take the session off its parents’ schedules, so it stays moved.',
  alreadyChanged:
    'That session is already cancelled or moved on that day: withdraw the earlier change first (in the list of announcements), then make this one.',
} as const;
