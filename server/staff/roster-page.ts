/**
 * The roster at /staff/roster: parents 50 a page, searchable by name or
 * number, the facilitators, the downloads, and the last 50 changes. Every
 * staff member reads it; only an admin sees the ways to change it.
 */
import { sessionLabel } from '../../src/shared/roster/fields.ts';
import type { RosterChangeRecord, RosterListRow } from '../roster/roster-admin.ts';
import type { RosterFacilitator } from '../roster/roster-file.ts';
import { isolated, markup, page, type Markup } from './html.ts';
import { header, phoneLink, when } from './pages.ts';
import { ADMIN_ONLY } from './roster-guards.ts';
import { INBOX_PAGE_SIZE, languageName, threadPathOf } from './rules.ts';
import type { StaffMember } from './store.ts';

export interface RosterView {
  search: string;
  page: number;
  rows: RosterListRow[];
  total: number;
  facilitators: RosterFacilitator[];
  changes: RosterChangeRecord[];
  admin: boolean;
  done?: string | undefined;
}

function addressOf(search: string, pageNumber: number): string {
  const query = new URLSearchParams();
  if (search !== '') query.set('q', search);
  if (pageNumber > 1) query.set('page', String(pageNumber));
  const text = query.toString();
  return text === '' ? '/staff/roster' : `/staff/roster?${text}`;
}

function pager(view: RosterView): Markup | '' {
  const pages = Math.max(1, Math.ceil(view.total / INBOX_PAGE_SIZE));
  if (pages === 1) return '';
  return markup`<nav class="pages" aria-label="Pages: parents">
${view.page > 1 ? markup`<a href="${addressOf(view.search, view.page - 1)}" rel="prev">Previous</a>` : ''}
<span>Page ${view.page} of ${pages}</span>
${view.page < pages ? markup`<a href="${addressOf(view.search, view.page + 1)}" rel="next">Next</a>` : ''}
</nav>`;
}

function parentItem(row: RosterListRow, facilitators: RosterFacilitator[], admin: boolean): Markup {
  const nameOf = (id: string) => facilitators.find((f) => f.id === id)?.name ?? id;
  const sessions = row.sessions.map((s) =>
    s.facilitator === row.facilitator
      ? sessionLabel(s)
      : markup`${sessionLabel(s)} with ${isolated(nameOf(s.facilitator))}`,
  );
  const path = threadPathOf(row.number);
  return markup`<li class="card">
<p><a href="/staff/conversations/${path}"><bdi>${row.name}</bdi></a>, ${phoneLink(row.number)}</p>
<p class="meta">Language: ${row.language ? languageName(row.language) : 'not known yet'}; facilitator: ${isolated(row.facilitatorName)}</p>
<p class="meta">Weekly sessions: ${sessions.length > 0 ? sessions.map((s, i) => markup`${i > 0 ? ', ' : ''}${s}`) : 'none'}</p>
${admin ? markup`<p><a href="/staff/roster/parents/${path}/edit">Edit <bdi>${row.name}</bdi></a> · <a href="/staff/roster/parents/${path}/remove">Remove <bdi>${row.name}</bdi></a></p>` : ''}
</li>`;
}

const changeItem = (change: RosterChangeRecord) =>
  markup`<li class="card"><p class="meta">${when(change.changed_at)}, ${isolated(change.changed_by)}: ${change.kind}</p>
<p class="text" dir="auto">${change.what}</p></li>`;

export function rosterPage(member: StaffMember, csrf: string, view: RosterView): string {
  const searching = view.search !== '';
  const parents =
    view.rows.length > 0
      ? markup`<ul>${view.rows.map((row) => parentItem(row, view.facilitators, view.admin))}</ul>${pager(view)}`
      : markup`<p>${searching ? markup`No parents match “${isolated(view.search)}”.` : 'No parents on the roster.'}</p>`;
  return page(
    'Roster',
    markup`<h1>Roster</h1>
${view.done ? markup`<p class="notice" role="status">${view.done}</p>` : ''}
${view.admin ? markup`<p><a href="/staff/roster/parents/new">Add a parent</a> · <a href="/staff/roster/import">Import a CSV file</a></p>` : markup`<p class="meta">${ADMIN_ONLY}</p>`}
<p><a href="/staff/roster/roster.csv" download>Download the roster (CSV)</a> · <a href="/staff/roster/template.csv" download>Download the template (CSV)</a></p>
<form method="get" action="/staff/roster" role="search">
<label for="q">Search parents by name or number</label>
<input id="q" name="q" type="search" dir="auto" value="${view.search}">
<button type="submit">Search</button>
</form>
<section aria-labelledby="parents">
<h2 id="parents">Parents (${view.total})</h2>
${parents}
</section>
<section aria-labelledby="facilitators">
<h2 id="facilitators">Facilitators</h2>
<ul>${view.facilitators.map((f) => markup`<li class="card"><p><bdi>${f.name}</bdi> <span class="meta">(id: ${f.id})</span></p><p class="meta">Slack channel: ${f.slackChannel}</p></li>`)}</ul>
</section>
<section aria-labelledby="changes">
<h2 id="changes">Recent changes</h2>
${view.changes.length > 0 ? markup`<ol>${view.changes.map(changeItem)}</ol>` : markup`<p>No changes yet.</p>`}
</section>`,
    header(member, csrf),
  );
}
