/**
 * The roster rules' words, for staff (the /staff pages are English only, as
 * is n8n's import form). A refusal names the field, and the line when it
 * comes from a file.
 */
import { ROSTER_CSV_MAX_BYTES } from './format.ts';

/** A cell as a message quotes it: on one line, at most 40 characters. */
const quoted = (value: string) => {
  const line = value.replace(/[\r\n\t]+/g, ' ');
  return `“${line.length > 40 ? `${line.slice(0, 39)}…` : line}”`;
};

export const rosterText = {
  nameMissing: 'The name is missing.',
  nameTooLong: (max: number) => `The name must be ${max} characters or less.`,
  nameControl: 'The name cannot contain control characters, such as a tab or a line break.',
  nameDirection: 'The name cannot contain characters that change the direction of text, such as U+202E.',
  nameQuestionMarks: (value: string) =>
    `The name ${quoted(value)} has question marks where a spreadsheet saved as plain CSV puts the letters it cannot keep, such as Hindi ones: in your spreadsheet, choose Save as (or Download) and the type “CSV UTF-8”, then upload that file, or write the name again.`,
  numberMissing: 'The number is missing.',
  numberWrong: (value: string) =>
    `The number ${quoted(value)} is not a phone number: write 10 digits (98765 43210) or + and the country code (+91 98765 43210).`,
  facilitatorMissing: 'The facilitator is missing: write their id or name, as the roster page lists them.',
  facilitatorUnknown: (value: string) =>
    `There is no facilitator ${quoted(value)}: write the id or name of one the roster page lists.`,
  facilitatorAmbiguous: (value: string) => `More than one facilitator is named ${quoted(value)}: write the id instead.`,
  sessionFacilitatorUnknown: (value: string) =>
    `There is no session facilitator ${quoted(value)}: write the id or name of one the roster page lists, or leave it blank.`,
  dayMissing:
    'The day is missing: a session needs a day and a time (leave both blank for a parent with no weekly session).',
  dayWrong: (value: string) => `The day ${quoted(value)} is not a day of the week: write Monday to Sunday.`,
  timeMissing:
    'The time is missing: a session needs a day and a time (leave both blank for a parent with no weekly session).',
  timeWrong: (value: string) =>
    `The time ${quoted(value)} is not a time of day: write 24-hour HH:mm in India’s time, such as 16:30.`,
  formula: (column: string, value: string) =>
    `The ${column} ${quoted(value)} starts with =, +, -, @ or a tab, so a spreadsheet would run it as a formula: take that character off.`,
  sameSessionTwice: (session: string, line: number) => `${session} is already on line ${line} for this number.`,
  sameSessionAbove: (session: string, row: number) => `${session} is already session ${row} above.`,
  tooManySessions: (max: number, line: number) =>
    `This number already has ${max} weekly sessions, from line ${line} on: a parent can have at most ${max}, so this row is one too many.`,
  otherName: (line: number, name: string) =>
    `This number is on line ${line} as ${quoted(name)}: one number is one parent, so each of its rows needs the same name.`,
  otherFacilitator: (line: number) =>
    `This number is on line ${line} with another facilitator: each of a parent’s rows needs the same facilitator.`,
  numberTaken: (name: string) => `This number is already on the roster, as ${quoted(name)}: one number, one parent.`,
  parentGone:
    'This parent is no longer on the roster: someone removed them after this form was opened, so nothing was saved. To keep these details, add them again with this form.',
  tooLarge: `The file is larger than ${ROSTER_CSV_MAX_BYTES / 1024 / 1024} MB: a roster file is far smaller. Check that it is the right file.`,
  notUtf8:
    'The file is not in UTF-8, so its names would be read wrongly. In your spreadsheet, choose Save as (or Download) and the type “CSV UTF-8”, then upload that file.',
  empty: 'The file is empty: it needs the header row and a row for each weekly session.',
  missingColumns: (columns: readonly string[]) =>
    `The header row has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}: the first row must name the columns, as the template does.`,
  repeatedColumn: (column: string) => `The header row names the ${column} column twice.`,
  unclosedQuote: (line: number) =>
    `Line ${line} opens a quote (") that never closes: check that cell in your spreadsheet and save the file again.`,
  previewCounts: (counts: { added: number; changed: number; removed: number; refused: number }) =>
    `${counts.added} added, ${counts.changed} changed, ${counts.removed} removed, ${counts.refused} ${counts.refused === 1 ? 'row' : 'rows'} refused`,
  /** Said before a removal is confirmed: on the page that removes one parent, and on an import's preview that removes any. */
  removalLead: 'Removing a parent from the roster:',
  /** What removing a parent does, item by item; `erasure` is how this backend erases one number's requests and messages. */
  removalEffects: (erasure: string) => [
    'ends their sign-in at once: the portal answers their number as for any number not on the roster;',
    'revokes their devices’ tokens, so each device is signed out;',
    'deletes their push subscriptions, so no reply, update or session reminder reaches them;',
    `keeps their requests and messages until the retention period ends or ${erasure}.`,
  ],
  noParents:
    'The file has a header and no parents. An import replaces the whole roster, so it would remove everyone: nothing was changed.',
} as const;
