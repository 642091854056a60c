/**
 * What the roster's import form and its pages say to the programme's operators (English, as the staff pages of the
 * reference server; the rules' own words are src/shared/roster/messages.ts).
 */
import { ROSTER_CSV_COLUMN_HELP, ROSTER_CSV_COLUMNS } from '../../../src/shared/roster/format.ts';

export const FORM = {
  title: 'Import the roster',
  /** HTML: n8n shows a form's description as HTML, sanitized. */
  description: [
    '<p>The file is the whole roster: parents in it are added or changed, and parents on the roster who are not in',
    'it are removed. You see what will change before anything does.</p><p>One row per weekly session; a parent with',
    'no weekly session has one row with day and time blank. The first row names the columns, in any order:</p><ul>',
    ...ROSTER_CSV_COLUMNS.map((column) => `<li><code>${column}</code>: ${ROSTER_CSV_COLUMN_HELP[column]}</li>`),
    '</ul><p>Save it from your spreadsheet as “CSV UTF-8”, at most 10 MB.</p>',
  ].join(' '),
  byHelp: 'Recorded with the import',
  preview: 'Preview the import',
} as const;

/** The form's fields by their labels, which name them in what the form gives the workflow. */
export const FIELDS = { file: 'CSV file', by: 'Your name' } as const;

export const PAGES = {
  previewTitle: 'Import preview',
  refusedTitle: 'Nothing has changed',
  sameTitle: 'Nothing to change',
  importedTitle: 'The roster is imported',
  staleTitle: 'The roster changed meanwhile',
  fix: 'Nothing has changed. Correct these rows in your spreadsheet, save it as “CSV UTF-8” and upload it again.',
  same: 'The file matches the roster: there is nothing to change.',
  /** How n8n erases one number's requests and messages before retention does, for rosterText.removalEffects. */
  erasure: 'an operator erases their number through the erasure webhook (ThriveErasure)',
  apply: (counts: string) => `Apply: ${counts}`,
  imported: (counts: string) => `Imported: ${counts}.`,
  stale: 'The roster changed after this preview was made, so nothing was changed: upload the file again.',
  byWrong: (problem: string) => `Your name, for the record: ${problem}`,
} as const;
