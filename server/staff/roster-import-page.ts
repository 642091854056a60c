/**
 * Importing a roster file: the upload form with the file's format, then
 * the preview of exactly that file (what it adds, changes and removes, and
 * each refused row with its line), which staff confirm or leave. A file
 * with a refused row cannot be applied: the import is the whole roster.
 * One that removes anyone says what removing does, as the remove page does.
 */
import { changeSummary, type RosterDiff } from '../../src/shared/roster/diff.ts';
import { ROSTER_CSV_COLUMN_HELP, ROSTER_CSV_COLUMNS, type RosterEntry } from '../../src/shared/roster/format.ts';
import type { RefusedRow } from '../../src/shared/roster/import.ts';
import { rosterText } from '../../src/shared/roster/messages.ts';
import { isolated, markup, page, type Markup } from './html.ts';
import { csrfField, header } from './pages.ts';
import { removalEffects } from './roster-forms.ts';
import { displayPhone } from './rules.ts';
import type { StaffMember } from './store.ts';

export function importPage(member: StaffMember, csrf: string, problem?: string): string {
  return page(
    'Import the roster',
    markup`<h1>Import the roster from a CSV file</h1>
${problem ? markup`<p class="alert" role="alert" id="file-problem">${problem}</p>` : ''}
<p>The file is the whole roster: parents in it are added or changed, and parents on the roster who are not in it are removed. You see what will change before anything does.</p>
<p>One row per weekly session; a parent with no weekly session has one row with day and time blank. The first row names the columns, in any order (<a href="/staff/roster/template.csv" download>download the template</a>, or <a href="/staff/roster/roster.csv" download>the roster as it is</a> to edit):</p>
<dl>${ROSTER_CSV_COLUMNS.map((column) => markup`<dt><code>${column}</code></dt><dd>${ROSTER_CSV_COLUMN_HELP[column]}</dd>`)}</dl>
<p>Save it from your spreadsheet as “CSV UTF-8”, at most 10 MB.</p>
<form method="post" action="/staff/roster/import" enctype="multipart/form-data">${csrfField(csrf)}
<label for="file">CSV file</label>
<input id="file" name="file" type="file" accept=".csv,text/csv" required${problem ? markup` aria-describedby="file-problem"` : ''}>
<button type="submit">Preview the import</button>
</form>
<p><a href="/staff/roster">Back to the roster</a></p>`,
    header(member, csrf),
  );
}

export interface ImportPreview {
  id: string;
  fileName: string;
  hash: string;
  rows: number;
  diff: RosterDiff;
  refused: RefusedRow[];
}

export const previewCounts = (preview: Pick<ImportPreview, 'diff' | 'refused'>) =>
  rosterText.previewCounts({
    added: preview.diff.added.length,
    changed: preview.diff.changed.length,
    removed: preview.diff.removed.length,
    refused: preview.refused.length,
  });

const who = (entry: RosterEntry) => markup`${isolated(entry.name)}, ${displayPhone(entry.number)}`;

function list(heading: string, items: Markup[]): Markup | '' {
  if (items.length === 0) return '';
  return markup`<h2>${heading} (${items.length})</h2><ul>${items.map((item) => markup`<li>${item}</li>`)}</ul>`;
}

export function previewPage(member: StaffMember, csrf: string, preview: ImportPreview): string {
  const { diff, refused } = preview;
  const changes = diff.added.length + diff.changed.length + diff.removed.length;
  const next =
    refused.length > 0
      ? markup`<p class="alert" role="alert">Nothing has changed. Correct these rows in your spreadsheet, save it as “CSV UTF-8” and upload it again.</p>`
      : changes === 0
        ? markup`<p class="notice" role="status">The file matches the roster: there is nothing to change.</p>`
        : markup`${diff.removed.length > 0 ? markup`<p>${rosterText.removalLead}</p>${removalEffects()}` : ''}
<form method="post" action="/staff/roster/import/${preview.id}/confirm">${csrfField(csrf)}
<input type="hidden" name="hash" value="${preview.hash}">
<button type="submit">Apply: ${previewCounts(preview)}</button>
</form>`;
  return page(
    'Import preview',
    markup`<h1>Import preview</h1>
<p><bdi>${preview.fileName}</bdi> <span class="meta">(${preview.rows} rows, SHA-256 ${preview.hash.slice(0, 12)})</span></p>
<p class="status" role="status">${previewCounts(preview)}; ${diff.unchanged} unchanged.</p>
${next}
${list(
  'Refused rows',
  refused.map((row) => markup`Line ${row.line}: ${row.reasons.join(' ')}`),
)}
${list('Removed', diff.removed.map(who))}
${list(
  'Changed',
  diff.changed.map((change) => markup`${changeSummary(change)}`),
)}
${list('Added', diff.added.map(who))}
<p><a href="/staff/roster/import">Upload another file</a> · <a href="/staff/roster">Back to the roster</a></p>`,
    header(member, csrf),
  );
}
