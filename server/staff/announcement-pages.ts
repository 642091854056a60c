/**
 * The announcement pages of /staff, script-free like the rest: the form to
 * write one (its texts, audience, time and urgency) and to change a session,
 * the preview that says how many parents it reaches before Send, and the
 * list, newest first and a page at a time (links to older and newer pages),
 * with who has not seen each (a tel: link each) and Withdraw. A refused form comes back as it was typed, with its problem.
 */
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../src/shared/webhook/announcements.ts';
import type { Slot } from '../announcements/session-changes.ts';
import { slotLabel, slotValue } from '../announcements/session-changes.ts';
import type { AnnouncementRow, UnseenRecipient } from '../announcements/store.ts';
import { isolated, markup, page, type Markup } from './html.ts';
import { csrfField, header, noticeSteps, phoneLink, when } from './pages.ts';
import type { StaffMember } from './store.ts';

/** Every field of the form, as typed. */
export const FORM_FIELDS = [
  'title_en',
  'body_en',
  'title_hi',
  'body_hi',
  'audience',
  'facilitator',
  'slot',
  'numbers',
  'send_day',
  'send_time',
  'urgent',
  'urgent_confirmed',
] as const;
export type AnnouncementForm = Record<(typeof FORM_FIELDS)[number], string>;

export interface ListedAnnouncement {
  row: AnnouncementRow;
  recipients: number;
  seen: number;
  /** How many of its recipients a push reached (a push service accepted it), and how many were texted. */
  pushed: number;
  texted: number;
  unseen: UnseenRecipient[];
}

export interface AnnouncementsView {
  form: AnnouncementForm;
  facilitators: { id: string; name: string }[];
  slots: Slot[];
  list: ListedAnnouncement[];
  /** Which page of the list this is (1: the newest), of how many. */
  page: number;
  pages: number;
  problem?: string;
  /** Which form the problem is about. */
  problemOf?: 'announcement' | 'cancel' | 'holiday' | 'move' | 'withdraw';
  change?: Record<string, string>;
  done?: string;
}

/** "1 parent", "2 parents". */
export const parentCount = (count: number) => (count === 1 ? '1 parent' : `${count} parents`);

const checked = (on: boolean) => (on ? markup` checked` : '');
const selected = (on: boolean) => (on ? markup` selected` : '');
const alert = (problem: string | undefined) => (problem ? markup`<p class="alert" role="alert">${problem}</p>` : '');

function textFields(form: AnnouncementForm, language: 'en' | 'hi', name: string): Markup {
  return markup`<fieldset><legend>${name}</legend>
<label for="title_${language}">Title (at most ${ANNOUNCEMENT_TITLE_MAX} characters)</label>
<input id="title_${language}" name="title_${language}" lang="${language}" dir="auto" value="${form[`title_${language}`]}">
<label for="body_${language}">Text (at most ${ANNOUNCEMENT_BODY_MAX} characters)</label>
<textarea id="body_${language}" name="body_${language}" lang="${language}" dir="auto">${form[`body_${language}`]}</textarea>
</fieldset>`;
}

function slotOptions(slots: Slot[], chosen: string): Markup[] {
  return slots.map(
    (slot) =>
      markup`<option value="${slotValue(slot)}"${selected(chosen === slotValue(slot))}>${slotLabel(slot)} (${parentCount(slot.parents)})</option>`,
  );
}

function composeForm(csrf: string, view: AnnouncementsView): Markup {
  const { form } = view;
  const audience = form.audience || 'all';
  const radio = (value: string, label: string) =>
    markup`<label class="choice"><input type="radio" name="audience" value="${value}"${checked(audience === value)}> ${label}</label>`;
  return markup`<h2 id="write">Write an announcement</h2>
${view.problemOf === 'announcement' ? alert(view.problem) : ''}
<form method="post" action="/staff/announcements/preview">${csrfField(csrf)}
<p class="meta">Write it in English, in Hindi, or in both: a parent reads it in their language when it is there, else in the other.</p>
${textFields(form, 'en', 'English')}
${textFields(form, 'hi', 'Hindi')}
<fieldset><legend>Who it is for</legend>
${radio('all', 'Everyone on the roster')}
${radio('facilitator', 'One facilitator’s parents')}
<select name="facilitator" aria-label="Facilitator">${view.facilitators.map((f) => markup`<option value="${f.id}"${selected(form.facilitator === f.id)}>${f.name}</option>`)}</select>
${radio('session', 'The parents of one weekly session')}
<select name="slot" aria-label="Weekly session">${slotOptions(view.slots, form.slot)}</select>
${radio('parents', 'Chosen parents')}
<label for="numbers">Their phone numbers, one a line</label>
<textarea id="numbers" name="numbers">${form.numbers}</textarea>
</fieldset>
<fieldset><legend>When (India time)</legend>
<p class="meta">Leave both empty to send it now.</p>
<label for="send_day">Day</label><input id="send_day" name="send_day" type="date" value="${form.send_day}">
<label for="send_time">Time</label><input id="send_time" name="send_time" type="time" value="${form.send_time}">
</fieldset>
<fieldset><legend>Urgent</legend>
<label class="choice"><input type="checkbox" name="urgent" value="1"${checked(form.urgent === '1')}> Urgent</label>
<label class="choice"><input type="checkbox" name="urgent_confirmed" value="1"${checked(form.urgent_confirmed === '1')}> I confirm: an urgent announcement is pushed even in parents’ quiet hours</label>
</fieldset>
<button type="submit">Preview</button>
</form>`;
}

function changeForms(csrf: string, view: AnnouncementsView): Markup {
  const typed = view.change ?? {};
  const problem = (which: AnnouncementsView['problemOf']) => (view.problemOf === which ? alert(view.problem) : '');
  const reason = (id: string) =>
    markup`<label for="${id}">Reason parents will read</label><input id="${id}" name="reason" value="${typed.reason ?? ''}">`;
  const occurrence = (id: string) => markup`<label for="${id}-slot">Session</label>
<select id="${id}-slot" name="slot">${slotOptions(view.slots, typed.slot ?? '')}</select>
<label for="${id}-day">Its day this week or next</label><input id="${id}-day" name="day" type="date" value="${typed.day ?? ''}">`;
  return markup`<h2 id="sessions">Change a session</h2>
<p class="meta">Each change is sent at once to the parents it affects, in English and Hindi, urgent when the session is within 24 hours.</p>
<form method="post" action="/staff/announcements/cancel" class="card">${csrfField(csrf)}
<h3>Cancel one session</h3>${problem('cancel')}${occurrence('cancel')}${reason('cancel-reason')}
<button type="submit">Cancel this session</button></form>
<form method="post" action="/staff/announcements/holiday" class="card">${csrfField(csrf)}
<h3>Cancel every session of a day</h3>${problem('holiday')}
<label for="holiday-day">Day</label><input id="holiday-day" name="day" type="date" value="${typed.day ?? ''}">
${reason('holiday-reason')}<button type="submit">Cancel that day’s sessions</button></form>
<form method="post" action="/staff/announcements/move" class="card">${csrfField(csrf)}
<h3>Move one session within its week</h3>${problem('move')}${occurrence('move')}
<label for="move-to-day">New day</label><input id="move-to-day" name="to_day" type="date" value="${typed.to_day ?? ''}">
<label for="move-to-time">New time</label><input id="move-to-time" name="to_time" type="time" value="${typed.to_time ?? ''}">
${reason('move-reason')}<button type="submit">Move this session</button></form>`;
}

const pageAddress = (page: number) =>
  page > 1 ? `/staff/announcements?page=${page}#sent` : '/staff/announcements#sent';

/** Older and newer pages of the list, as plain links. */
function pager({ page: current, pages }: AnnouncementsView): Markup | '' {
  if (pages === 1) return '';
  return markup`<nav class="pages" aria-label="Pages: announcements">
${current > 1 ? markup`<a href="${pageAddress(current - 1)}" rel="prev">Newer announcements</a>` : ''}
<span>Page ${current} of ${pages}</span>
${current < pages ? markup`<a href="${pageAddress(current + 1)}" rel="next">Older announcements</a>` : ''}
</nav>`;
}

/** A parent who has not opened it: name, number to call, and how it reached them so far. */
function unseenItem({ name, number_key, notice }: UnseenRecipient): Markup {
  const steps = noticeSteps(notice);
  return markup`<li>${isolated(name)} ${phoneLink(number_key)}${steps.length > 0 ? markup` <span class="meta">${steps.join(' · ')}</span>` : ''}</li>`;
}

function listed(csrf: string, listedOne: ListedAnnouncement, listPage: number): Markup {
  const { row, recipients, seen, pushed, texted, unseen } = listedOne;
  const title = row.title_en ?? row.title_hi ?? '';
  const state = row.withdrawn_at
    ? markup`<p class="status">Withdrawn ${when(row.withdrawn_at)}</p>`
    : row.sent_at
      ? markup`<p class="status">Seen by ${seen} of ${recipients} · pushed to ${pushed} · texted to ${texted}</p>`
      : markup`<p class="status">To be sent ${when(row.send_at)}</p>`;
  return markup`<li class="card"><h3>${isolated(title)}${row.urgent ? ' (urgent)' : ''}</h3>
<p class="meta">${row.audience_label} · by ${isolated(row.created_by)} · ${when(row.created_at)}</p>
${state}
${row.sent_at && !row.withdrawn_at && unseen.length > 0 ? markup`<details><summary>Not seen yet (${unseen.length})</summary><ul>${unseen.map(unseenItem)}</ul></details>` : ''}
${row.withdrawn_at ? '' : withdrawForm(csrf, row, listPage)}
</li>`;
}

/** Withdraw; a session change's button says it is the change that goes, and what its parents are told. */
function withdrawForm(csrf: string, row: AnnouncementRow, listPage: number): Markup {
  const change = row.kind === 'cancelled' || row.kind === 'moved';
  return markup`<form method="post" action="/staff/announcements/${row.id}/withdraw">${csrfField(csrf)}<input type="hidden" name="page" value="${listPage}">${change ? markup`<p class="meta">Withdrawing the change puts its sessions back on the parents’ schedules, and tells the parents whose session is still ahead.</p>` : ''}<button type="submit" class="quiet">${change ? 'Withdraw the change' : 'Withdraw'}</button></form>`;
}

export function announcementsPage(member: StaffMember, csrf: string, view: AnnouncementsView): string {
  return page(
    'Announcements',
    markup`<h1>Announcements</h1>
${view.done ? markup`<p class="notice" role="status">${view.done}</p>` : ''}
${composeForm(csrf, view)}
${changeForms(csrf, view)}
<h2 id="sent">Announcements, newest first</h2>
${view.problemOf === 'withdraw' ? alert(view.problem) : ''}
${view.list.length === 0 ? markup`<p class="meta">None yet.</p>` : markup`<ul>${view.list.map((item) => listed(csrf, item, view.page))}</ul>`}
${pager(view)}`,
    header(member, csrf),
  );
}

/** Before Send: how many parents it reaches and how many have notifications on; the form rides along hidden. */
export function previewPage(
  member: StaffMember,
  csrf: string,
  form: AnnouncementForm,
  reach: { parents: number; notified: number; label: string; at: string | undefined },
): string {
  const hidden = FORM_FIELDS.map((name) => markup`<input type="hidden" name="${name}" value="${form[name]}">`);
  const title = form.title_en || form.title_hi;
  return page(
    'Send this announcement?',
    markup`<h1>Send this announcement?</h1>
<div class="card"><h2>${isolated(title)}</h2><p class="text">${form.body_en || form.body_hi}</p></div>
<p>It reaches <strong>${parentCount(reach.parents)}</strong> (${reach.label}); <strong>${reach.notified}</strong> of them have notifications on.</p>
<p>${reach.at ? `It is sent ${reach.at} (India time).` : 'It is sent now.'}${form.urgent === '1' ? ' Urgent: it is pushed even in quiet hours.' : ''}</p>
<form method="post" action="/staff/announcements">${csrfField(csrf)}${hidden}
<button type="submit">Send</button></form>
<form method="post" action="/staff/announcements/edit">${csrfField(csrf)}${hidden}
<button type="submit" class="quiet">Change it</button></form>`,
    header(member, csrf),
  );
}
