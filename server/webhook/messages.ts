import { formatDayKey } from '../../src/shared/format/ist.ts';
import { ATTACHMENTS_MAX_COUNT } from '../../src/shared/rules/attachment.ts';
import { MESSAGE_MAX_LENGTH } from '../../src/shared/rules/message.ts';

const MB = 1024 * 1024;

/**
 * Every text the webhook answers with. Error texts are plain text the portal
 * shows as they are, so they speak to the parent; where the spec words a
 * rule (phone, message, file type) the same words are used.
 */
export const reasons = {
  notJson: 'The request must be JSON, sent with Content-Type: application/json',
  invalidJson: 'The request body is not valid JSON',
  forbiddenKey: (key: string) => `The request contains the key "${key}", which is not allowed`,
  notAnObject: 'The request must be a JSON object',
  tooLarge: (limitBytes: number) => `The request is too large: the limit is ${limitBytes / MB} MB`,
  attachmentsTooLarge: (limitBytes: number) => `Attachments add up to more than ${limitBytes / MB} MB`,
  tooManyRequests: 'Too many requests from this address. Please wait a minute and try again.',
  tooManyRequestsForNumber: 'Too many requests for this phone number. Please wait a minute and try again.',
  missingAction: 'The request has no action',
  unknownAction: (action: string) => `Unknown action "${action}"`,
  malformedUser: 'The request has no user, or the user is not an object with a name and a number',
  nameAndNumberRequired: 'Name and phone number are required',
  controlInName: 'The name cannot contain control characters such as tabs or line breaks',
  controlInText: (field: string) => `${field} cannot contain control characters other than line breaks`,
  invalidPhone: 'Please enter a valid phone number (10 digits or E.164 format)',
  emptyMessage: 'Please enter a message',
  messageTooLong: `Message must be ${MESSAGE_MAX_LENGTH} characters or less`,
  tooManyAttachments: `A message can carry at most ${ATTACHMENTS_MAX_COUNT} attachments`,
  invalidFileType: (filename: string) => `${filename} is not a valid file type`,
  contentNotOfType: (filename: string, mimetype: string) =>
    `${filename} is not a valid file type: its content is not ${mimetype}`,
  emptyFile: (filename: string) => `${filename} is empty (0 bytes) and cannot be sent`,
  invalidBase64: (filename: string) => `${filename} could not be read: its content is not valid base64`,
  invalidDate: 'Dates must be real calendar days written YYYY-MM-DD',
  pastDate: (day: string) => `${formatDayKey(day)} is in the past: please choose today or a later date`,
  endBeforeStart: 'The end date is before the start date',
  invalidTimestamp: 'timestamp_ist must be an ISO 8601 date and time with its offset',
  invalidRequestId: 'request_id must be a UUID',
  nilRequestId: 'request_id must not be the nil UUID (all zeros): make a new UUID for each request',
  invalidLanguage: 'language must be "en" or "hi"',
  unexpectedField: (field: string, where: string) => `Unexpected field "${field}" in ${where}`,
  missingField: (field: string, where: string) => `Missing field "${field}" in ${where}`,
  invalid: (where: string, problem: string) => `Invalid ${where}: ${problem}`,
  reusedRequestId: 'This request_id was already used for a different request. Send a new request_id.',
  notOnRoster: 'No schedule is available for these details. Please check them, or contact the programme team.',
  wrongMethod: 'Send the webhook a POST request',
  // The conversation actions (issue 24).
  notOnRosterForCode:
    'We cannot send a code for these details. Please check the name and number, or contact the programme team.',
  tooManyCodesForNumber: 'Too many codes were asked for this phone number. Please wait a few minutes and try again.',
  tooManyCodesFromAddress: 'Too many codes were asked from this address. Please wait an hour and try again.',
  codeNotSent: 'The code could not be sent. Please try again in a moment.',
  invalidCode: 'Enter the 6-digit code: six digits, nothing else',
  wrongCode: (left: number) => `This code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  codeEnded: 'That was the 5th wrong code, so this code no longer works. Ask for a new code.',
  noCode:
    'No code is waiting for this number: it expired after 10 minutes, was used, or was tried 5 times. Ask for a new code.',
  tokenMissing: 'Verify your phone first: ask for a code and enter it.',
  tokenUnknown: 'This device is not verified any more (it signed out, or the token is not known). Ask for a new code.',
  tokenExpired: 'This device was verified more than 90 days ago. Ask for a new code.',
  codeRequiredAtSignIn: 'Enter the 6-digit code sent to your phone to sign in.',
  invalidCursor: 'payload.after is not a cursor this webhook gave. Ask again without it.',
  badUrl: 'This address is not valid',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again in a moment.',
} as const;

function daysText(start: string, end: string): string {
  return start === end ? formatDayKey(start) : `${formatDayKey(start)} to ${formatDayKey(end)}`;
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

export const answers = {
  reschedule: (start: string, end: string) =>
    `Reschedule request received for ${daysText(start, end)}. Your facilitator will confirm the new time.`,
  chat: (facilitator: string, attachmentCount: number) =>
    attachmentCount > 0
      ? `Your message and ${plural(attachmentCount, 'attachment')} reached ${facilitator}.`
      : `Your message reached ${facilitator}.`,
  consult: (name: string, number: string, preferred: string | undefined) =>
    `Thank you, ${name}. Your consultation request has been received; we will call you on ${number}` +
    (preferred ? ` (preferred: ${preferred}).` : '.'),
  call: (name: string, number: string, preferred: string | undefined) =>
    `Thank you, ${name}. Your call request has been received; we will call you on ${number}` +
    (preferred ? ` (preferred: ${preferred}).` : '.'),
} as const;

/** Chat from a number not on the roster still reaches a person: the programme team's channel. */
export const PROGRAMME_TEAM = { name: 'the programme team', slackChannel: '#thrive-parent-support' } as const;
