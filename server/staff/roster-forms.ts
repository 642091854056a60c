/**
 * The forms that change one parent: add, edit, and the page that says what
 * removing does before staff confirm it. A refused form comes back as it
 * was typed, each problem above the form and beside its field.
 */
import type { ParentField, ParentInput } from '../../src/shared/roster/entry.ts';
import { ROSTER_MAX_SESSIONS, type RosterEntry } from '../../src/shared/roster/format.ts';
import { rosterText } from '../../src/shared/roster/messages.ts';
import { WEEKDAYS } from '../../src/shared/schedule/weekdays.ts';
import type { RosterFacilitator } from '../roster/roster-file.ts';
import { isolated, isolatedInText, markup, page, type Markup } from './html.ts';
import { csrfField, header } from './pages.ts';
import { displayPhone, threadPathOf } from './rules.ts';
import type { StaffMember } from './store.ts';

/** Session rows a form shows: the parent's, and two blank ones to add to (at least four, at most a parent's sessions). */
export const sessionRows = (sessions: number) => Math.min(Math.max(sessions + 2, 4), ROSTER_MAX_SESSIONS);

/** How this server erases one number's requests and messages before retention does (docs/server.md). */
const ERASURE = 'someone runs “npm run forget” for their number';

/** What removing a parent does, as the remove page and an import's preview say it before staff confirm. */
export const removalEffects = (): Markup =>
  markup`<ul class="card">${rosterText.removalEffects(ERASURE).map((effect) => markup`<li>${effect}</li>`)}</ul>`;

type Problems = Partial<Record<ParentField, string>>;

const LABELS: Record<'number' | 'name' | 'facilitator', string> = {
  number: 'Phone number',
  name: 'Name',
  facilitator: 'Facilitator (their channel gets the parent’s messages)',
};

function problemOf(problems: Problems, field: ParentField): { note: Markup | ''; attrs: Markup | '' } {
  const problem = problems[field];
  if (!problem) return { note: '', attrs: '' };
  return {
    note: markup`<p class="alert" id="${field}-problem">${problem}</p>`,
    attrs: markup` aria-invalid="true" aria-describedby="${field}-problem"`,
  };
}

function options(facilitators: RosterFacilitator[], chosen: string, blank: string): Markup[] {
  const known = facilitators.some((f) => f.id === chosen);
  return [
    markup`<option value=""${chosen === '' ? markup` selected` : ''}>${blank}</option>`,
    ...(known || chosen === '' ? [] : [markup`<option value="${chosen}" selected>${chosen}</option>`]),
    ...facilitators.map(
      (f) => markup`<option value="${f.id}"${f.id === chosen ? markup` selected` : ''}>${f.name}</option>`,
    ),
  ];
}

function sessionRow(
  i: number,
  row: ParentInput['sessions'][number],
  facilitators: RosterFacilitator[],
  problems: Problems,
) {
  const day = problemOf(problems, `day_${i}`);
  const time = problemOf(problems, `time_${i}`);
  const runBy = problemOf(problems, `session_facilitator_${i}`);
  const known = WEEKDAYS.some((d) => d === row.day);
  return markup`<fieldset><legend>Session ${i + 1}</legend>
<label for="day_${i}">Day</label>
<select id="day_${i}" name="day_${i}"${day.attrs}>
<option value=""${row.day === '' ? markup` selected` : ''}>No session</option>
${known || row.day === '' ? '' : markup`<option value="${row.day}" selected>${row.day}</option>`}
${WEEKDAYS.map((d) => markup`<option value="${d}"${d === row.day ? markup` selected` : ''}>${d}</option>`)}
</select>${day.note}
<label for="time_${i}">Time (24-hour, India’s time, such as 16:30)</label>
<input id="time_${i}" name="time_${i}" inputmode="numeric" value="${row.time}"${time.attrs}>${time.note}
<label for="session_facilitator_${i}">Run by</label>
<select id="session_facilitator_${i}" name="session_facilitator_${i}"${runBy.attrs}>
${options(facilitators, row.facilitator, 'The parent’s facilitator')}
</select>${runBy.note}
</fieldset>`;
}

/** The add or edit form: `number` names the parent being edited, whose number is kept. */
export function parentFormPage(
  member: StaffMember,
  csrf: string,
  form: { input: ParentInput; problems: Problems; facilitators: RosterFacilitator[]; editing?: string },
): string {
  const { input, problems, facilitators, editing } = form;
  const title = editing ? markup`Edit ${isolatedInText(input.name)}` : 'Add a parent';
  const heading = editing ? markup`Edit ${isolated(input.name)}` : 'Add a parent';
  const listed = Object.values(problems);
  const rows = Array.from({ length: sessionRows(input.sessions.filter((s) => s.day || s.time).length) }, (_, i) =>
    sessionRow(i, input.sessions[i] ?? { day: '', time: '', facilitator: '' }, facilitators, problems),
  );
  const number = problemOf(problems, 'number');
  const name = problemOf(problems, 'name');
  const facilitator = problemOf(problems, 'facilitator');
  return page(
    title,
    markup`<h1>${heading}</h1>
${listed.length > 0 ? markup`<div class="alert" role="alert"><p>Nothing was saved. Check:</p><ul>${listed.map((p) => markup`<li>${p}</li>`)}</ul></div>` : ''}
<form method="post" action="${editing ? `/staff/roster/parents/${threadPathOf(editing)}` : '/staff/roster/parents'}">${csrfField(csrf)}
${
  editing
    ? markup`<p>Phone number: ${displayPhone(editing)} <span class="meta">(a parent is their number: to change it, remove the parent and add them again)</span></p>`
    : markup`<label for="number">${LABELS.number}</label>
<input id="number" name="number" type="tel" autocomplete="off" value="${input.number}"${number.attrs}>${number.note}`
}
<label for="name">${LABELS.name}</label>
<input id="name" name="name" dir="auto" autocomplete="off" value="${input.name}"${name.attrs}>${name.note}
<label for="facilitator">${LABELS.facilitator}</label>
<select id="facilitator" name="facilitator"${facilitator.attrs}>
${options(facilitators, input.facilitator, 'Choose a facilitator')}
</select>${facilitator.note}
<h2>Weekly sessions</h2>
<p class="meta">Leave a session’s day and time blank for no session. Need more rows? Save, then edit again (a parent has at most ${ROSTER_MAX_SESSIONS} weekly sessions).</p>
${rows}
<button type="submit">${editing ? 'Save changes' : 'Add to the roster'}</button>
</form>
<p><a href="/staff/roster">Back to the roster</a></p>`,
    header(member, csrf),
  );
}

export function removePage(member: StaffMember, csrf: string, entry: RosterEntry): string {
  return page(
    markup`Remove ${isolatedInText(entry.name)}`,
    markup`<h1>Remove ${isolated(entry.name)} from the roster?</h1>
<p>${isolated(entry.name)}, ${displayPhone(entry.number)}. ${rosterText.removalLead}</p>
${removalEffects()}
<form method="post" action="/staff/roster/parents/${threadPathOf(entry.number)}/remove">${csrfField(csrf)}
<button type="submit">Remove <bdi>${entry.name}</bdi></button>
</form>
<p><a href="/staff/roster">Keep them: back to the roster</a></p>`,
    header(member, csrf),
  );
}
