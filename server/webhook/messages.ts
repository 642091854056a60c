import { formatDayKey } from '../../src/shared/format/ist.ts';
import { answerText } from '../contract/texts.ts';

const en = answerText.bind(null, 'en');
const MB = 1024 * 1024;

/**
 * The English answers in the shape the n8n generator (n8n/source) and its
 * harness still import. The texts themselves live in server/contract/texts.ts,
 * in both languages; this file only keeps those imports compiling until they
 * read the table directly.
 */
export const reasons = {
  notJson: en('notJson'),
  invalidJson: en('invalidJson'),
  forbiddenKey: (key: string) => en('forbiddenKey', { key }),
  notAnObject: en('notAnObject'),
  tooLarge: (limitBytes: number) => en('tooLarge', { limitMb: limitBytes / MB }),
  attachmentsTooLarge: en('attachmentsTooLarge'),
  tooManyRequests: en('tooManyRequests'),
  tooManyRequestsForNumber: en('tooManyRequestsForNumber'),
  missingAction: en('missingAction'),
  unknownAction: (action: string) => en('unknownAction', { action }),
  malformedUser: en('malformedUser'),
  nameAndNumberRequired: en('nameAndNumberRequired'),
  controlInName: en('controlInName'),
  controlInMessage: en('controlInMessage'),
  controlInNote: en('controlInNote'),
  controlInPreferredTimes: en('controlInPreferredTimes'),
  invalidPhone: en('invalidPhone'),
  emptyMessage: en('emptyMessage'),
  messageTooLong: en('messageTooLong'),
  tooManyAttachments: en('tooManyAttachments'),
  invalidFileType: (filename: string) => en('invalidFileType', { filename }),
  contentNotOfType: (filename: string, mimetype: string) => en('contentNotOfType', { filename, mimetype }),
  emptyFile: (filename: string) => en('emptyFile', { filename }),
  invalidBase64: (filename: string) => en('invalidBase64', { filename }),
  invalidDate: en('invalidDate'),
  pastDate: (day: string) => en('pastDate', { day: formatDayKey(day, 'en') }),
  endBeforeStart: en('endBeforeStart'),
  invalidTimestamp: en('invalidTimestamp'),
  invalidRequestId: en('invalidRequestId'),
  nilRequestId: en('nilRequestId'),
  invalidLanguage: en('invalidLanguage'),
  unexpectedField: (field: string, where: string) => en('unexpectedField', { field, where }),
  missingField: (field: string, where: string) => en('missingField', { field, where }),
  invalid: (where: string, problem: string) => en('invalid', { where, problem }),
  reusedRequestId: en('reusedRequestId'),
  notOnRoster: en('notOnRoster'),
  wrongMethod: en('wrongMethod'),
  notOnRosterForCode: en('notOnRosterForCode'),
  tooManyCodesForNumber: en('tooManyCodesForNumber'),
  tooManyCodesFromAddress: en('tooManyCodesFromAddress'),
  codeNotSent: en('codeNotSent'),
  invalidCode: en('invalidCode'),
  wrongCode: (left: number) => (left === 1 ? en('wrongCodeOne') : en('wrongCodeMany', { left })),
  codeEnded: en('codeEnded'),
  noCode: en('noCode'),
  tokenMissing: en('tokenMissing'),
  tokenUnknown: en('tokenUnknown'),
  tokenExpired: en('tokenExpired'),
  codeRequiredAtSignIn: en('codeRequiredAtSignIn'),
  invalidCursor: en('invalidCursor'),
  badUrl: en('badUrl'),
  notFound: en('notFound'),
  internal: en('internal'),
} as const;

export const answers = {
  reschedule: (start: string, end: string) =>
    start === end
      ? en('rescheduleDay', { day: formatDayKey(start, 'en') })
      : en('rescheduleRange', { start: formatDayKey(start, 'en'), end: formatDayKey(end, 'en') }),
  consult: (name: string, number: string, preferred: string | undefined) =>
    preferred ? en('consultSavedPreferred', { name, number, preferred }) : en('consultSaved', { name, number }),
  call: (name: string, number: string, preferred: string | undefined) =>
    preferred ? en('callSavedPreferred', { name, number, preferred }) : en('callSaved', { name, number }),
  chat: (facilitator: string, count: number) =>
    en(count === 0 ? 'chatReached' : count === 1 ? 'chatReachedWithAttachment' : 'chatReachedWithAttachments', {
      facilitator,
      count,
    }),
} as const;

/** Chat from a number not on the roster still reaches a person: the programme team's channel. */
export const PROGRAMME_TEAM = { name: en('programmeTeam'), slackChannel: '#thrive-parent-support' } as const;
