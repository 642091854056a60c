/**
 * An uploaded roster file read by the shared rules (src/shared/roster/) and compared with the roster: the page
 * the operator sees next, and what confirming it applies (thrive.apply_roster_import). A file with a problem, a
 * refused row or nothing to change gets an ending page and no confirm: the import is the whole roster, so
 * applying the rest of a file would remove the refused rows' parents.
 *
 * Every text from the file (names, cells quoted in a reason) is escaped, braces too: n8n shows these pages as
 * HTML, and a name must never become markup or an n8n expression.
 */
import { changeSummary, entrySummary, rosterDiff, type RosterDiff } from '../../../src/shared/roster/diff.ts';
import type { RosterEntry, RosterFacilitatorRef } from '../../../src/shared/roster/format.ts';
import { readRosterCsv } from '../../../src/shared/roster/import.ts';
import { rosterText } from '../../../src/shared/roster/messages.ts';
import { checkName } from '../../../src/shared/roster/fields.ts';
import { ANY_CONTROL } from '../../../src/shared/rules/control-characters.ts';
import { weekdayNumber } from '../../../src/shared/schedule/weekdays.ts';
import { PAGES } from './texts.ts';

export interface RosterSnapshot {
  entries: RosterEntry[];
  facilitators: RosterFacilitatorRef[];
  version: string;
}

export interface UploadedRoster {
  bytes: Uint8Array;
  fileName: string;
  sha256: string;
  /** Who the form says is importing. */
  by: string;
}

export interface ImportPage {
  /** Whether the page offers to apply the import (a form page), or ends the form. */
  confirm: boolean;
  title: string;
  html: string;
  button: string;
  /** The last page once the import is applied. */
  imported: string;
  /** What thrive.apply_roster_import takes when the operator confirms. */
  apply: Record<string, unknown> | null;
}

const escaped = (text: string) => text.replace(/[&<>"'{}]/g, (char) => `&#${char.charCodeAt(0)};`);

function list(heading: string, items: string[]): string {
  if (items.length === 0) return '';
  return `<h3>${heading} (${items.length})</h3><ul>${items.map((item) => `<li>${escaped(item)}</li>`).join('')}</ul>`;
}

const asRow = (entry: RosterEntry) => ({
  number: entry.number,
  name: entry.name,
  facilitator: entry.facilitator,
  sessions: entry.sessions.map((s) => ({
    weekday: weekdayNumber(s.day),
    start_time: s.time,
    facilitator: s.facilitator,
  })),
});

/** The file's name as the browser gave it, on one line, 100 characters at most (as /staff records it). */
const fileNameOf = (name: string) =>
  name.replace(new RegExp(ANY_CONTROL.source, 'gu'), '').slice(0, 100) || 'roster.csv';

const ending = (title: string, html: string): ImportPage => ({
  confirm: false,
  title,
  html,
  button: '',
  imported: '',
  apply: null,
});

/** What removing a parent does, in the words of the reference server's remove page and preview. */
const removal = `<p>${escaped(rosterText.removalLead)}</p><ul>${rosterText
  .removalEffects(PAGES.erasure)
  .map((effect) => `<li>${escaped(effect)}</li>`)
  .join('')}</ul>`;

export function importPage(upload: UploadedRoster, roster: RosterSnapshot): ImportPage {
  const by = checkName(upload.by);
  if (!by.ok) return ending(PAGES.refusedTitle, `<p>${escaped(PAGES.byWrong(by.problem))}</p>`);
  const read = readRosterCsv(upload.bytes, roster.facilitators);
  if (!read.ok) return ending(PAGES.refusedTitle, `<p>${escaped(read.problem)}</p>`);
  const diff: RosterDiff = rosterDiff(roster.entries, read.entries);
  const counts = rosterText.previewCounts({
    added: diff.added.length,
    changed: diff.changed.length,
    removed: diff.removed.length,
    refused: read.refused.length,
  });
  const fileName = fileNameOf(upload.fileName);
  const about = `<p>${escaped(fileName)} (${read.rows} rows, SHA-256 ${upload.sha256.slice(0, 12)})</p>`;
  const lists = [
    list(
      'Refused rows',
      read.refused.map((row) => `Line ${row.line}: ${row.reasons.join(' ')}`),
    ),
    list(
      'Removed',
      diff.removed.map((entry) => `${entry.name}, ${entry.number}`),
    ),
    diff.removed.length > 0 ? removal : '',
    list('Changed', diff.changed.map(changeSummary)),
    list(
      'Added',
      diff.added.map((entry) => `${entry.name}, ${entry.number}`),
    ),
  ].join('');
  const status = `<p><strong>${counts}; ${diff.unchanged} unchanged.</strong></p>`;
  if (read.refused.length > 0) return ending(PAGES.refusedTitle, `${about}${status}<p>${PAGES.fix}</p>${lists}`);
  if (diff.added.length + diff.changed.length + diff.removed.length === 0) {
    return ending(PAGES.sameTitle, `${about}${status}<p>${PAGES.same}</p>`);
  }
  return {
    confirm: true,
    title: PAGES.previewTitle,
    html: `${about}${status}${lists}`,
    button: PAGES.apply(counts),
    imported: `${about}<p><strong>${PAGES.imported(counts)}</strong></p>`,
    apply: {
      version: roster.version,
      by: by.value,
      file_name: fileName,
      file_sha256: upload.sha256,
      summary: counts,
      changes: [
        ...diff.removed.map((entry) => `removed ${entrySummary(entry)}`),
        ...diff.changed.map((change) => `changed ${changeSummary(change)}`),
        ...diff.added.map((entry) => `added ${entrySummary(entry)}`),
      ],
      added: diff.added.map(asRow),
      changed: diff.changed.map((change) => asRow(change.after)),
      removed: diff.removed.map((entry) => ({ number: entry.number })),
    },
  };
}
