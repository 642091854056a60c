import { ANSWER_TEXTS, type AnswerKey } from '../../../server/contract/texts.ts';
import type { Language } from '../../../src/shared/webhook/types.ts';

/**
 * The answer texts this workflow can give (the conversation's own are its workflow's), typed against the table
 * so a key renamed there fails to compile here. server/contract/texts.ts holds them in both languages.
 */
const USED: readonly AnswerKey[] = [
  'notJson',
  'notAnObject',
  'missingAction',
  'unknownAction',
  'malformedUser',
  'nameAndNumberRequired',
  'controlInName',
  'directionInName',
  'controlInMessage',
  'controlInNote',
  'controlInPreferredTimes',
  'invalidPhone',
  'emptyMessage',
  'messageTooLong',
  'tooManyAttachments',
  'invalidFileType',
  'contentNotOfType',
  'emptyFile',
  'invalidBase64',
  'attachmentsTooLarge',
  'invalidDate',
  'pastDate',
  'endBeforeStart',
  'invalidTimestamp',
  'invalidRequestId',
  'nilRequestId',
  'invalidLanguage',
  'invalidCode',
  'invalidCursor',
  'theRequest',
  'unexpectedField',
  'missingField',
  'invalid',
  'reusedRequestId',
  'tooManyRequestsForNumber',
  'notOnRoster',
  'internal',
  'programmeTeam',
  'rescheduleDay',
  'rescheduleRange',
  'chatReached',
  'chatReachedWithAttachment',
  'chatReachedWithAttachments',
  'consultSaved',
  'consultSavedPreferred',
  'callSaved',
  'callSavedPreferred',
  'requestNotFound',
  'offerNotOpen',
  'offerAccepted',
  'announcementNotFound',
];

const only = (language: Language) => Object.fromEntries(USED.map((key) => [key, ANSWER_TEXTS[language][key]]));

/** The "Contract" node's answer texts: ANSWER_TEXTS, each language cut to the keys above. */
export const WORKFLOW_TEXTS = { en: only('en'), hi: only('hi') };

/**
 * What Slack shows the programme team (English only; the parent's answers are ANSWER_TEXTS, in
 * server/contract/texts.ts). Templates with `{placeholders}`, filled by the "Write answer" node; the parent's
 * own words arrive in them escaped for Slack.
 */
export const SLACK_TEXTS = {
  slackChat: 'Message from {name} ({number}):\n{message}',
  slackChatWithAttachment: 'Message from {name} ({number}):\n{message}\n(1 attachment follows in the thread)',
  slackChatWithAttachments: 'Message from {name} ({number}):\n{message}\n({count} attachments follow in the thread)',
  slackRescheduleDay: 'Reschedule request from {name} ({number}) for {day}. Their note: {note}',
  slackRescheduleRange: 'Reschedule request from {name} ({number}) for {start} to {end}. Their note: {note}',
  slackConsult: 'Consultation request from {name} ({number}). Preferred times: {preferred}. Their message: {message}',
  slackCall: 'Call request from {name} ({number}). Preferred times: {preferred}. Their message: {message}',
} as const;
