/**
 * The texts the workflow answers with, as templates with `{placeholders}` the "Write answer" node fills:
 * the reference server's own (server/webhook/messages.ts), each called with its placeholders as values, so
 * not one word is written twice; and the Slack texts the programme team reads (English only).
 */
import { answers, reasons } from '../../../server/webhook/messages.ts';

const PARENT_TEXTS = {
  ...Object.fromEntries(Object.entries(reasons).filter(([, text]) => typeof text === 'string')),
  forbiddenKey: reasons.forbiddenKey('{key}'),
  unknownAction: reasons.unknownAction('{action}'),
  controlInText: reasons.controlInText('{field}'),
  invalidFileType: reasons.invalidFileType('{file}'),
  contentNotOfType: reasons.contentNotOfType('{file}', '{type}'),
  emptyFile: reasons.emptyFile('{file}'),
  invalidBase64: reasons.invalidBase64('{file}'),
  attachmentsTooLarge: reasons.attachmentsTooLarge(1024 * 1024).replace('1 MB', '{megabytes} MB'),
  pastDate: reasons.pastDate('{day}'),
  unexpectedField: reasons.unexpectedField('{field}', '{where}'),
  missingField: reasons.missingField('{field}', '{where}'),
  invalid: reasons.invalid('{where}', '{problem}'),
  rescheduleDay: answers.reschedule('{day}', '{day}'),
  rescheduleDays: answers.reschedule('{start}', '{end}'),
  chat: answers.chat('{facilitator}', 0),
  chatWithAttachment: answers.chat('{facilitator}', 1),
  chatWithAttachments: answers.chat('{facilitator}', 2).replace('2', '{count}'),
  consult: answers.consult('{name}', '{number}', undefined),
  consultWithPreferred: answers.consult('{name}', '{number}', '{preferred}'),
  call: answers.call('{name}', '{number}', undefined),
  callWithPreferred: answers.call('{name}', '{number}', '{preferred}'),
} as Record<string, string>;

/** What Slack shows the programme team; the parent's words arrive escaped for Slack. */
const SLACK_TEXTS = {
  slackChat: 'Message from {name} ({number}):\n{message}',
  slackChatWithFile: 'Message from {name} ({number}):\n{message}\n(1 attachment follows in the thread)',
  slackChatWithFiles: 'Message from {name} ({number}):\n{message}\n({count} attachments follow in the thread)',
  slackReschedule: 'Reschedule request from {name} ({number}): {start} to {end}. Their note: {note}',
  slackConsult: 'Consultation request from {name} ({number}). Preferred times: {preferred}. Their message: {message}',
  slackCall: 'Call request from {name} ({number}). Preferred times: {preferred}. Their message: {message}',
};

/** English only until the texts exist in Hindi: "Write answer" falls back to English for a key Hindi lacks. */
export const ANSWER_TEXTS = { en: { ...PARENT_TEXTS, ...SLACK_TEXTS }, hi: {} };
