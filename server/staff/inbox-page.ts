/**
 * The inbox at /staff: conversations and requests, in pages, with one search
 * by name or number over both. Anyone can send a message with a name and a
 * number, so a flood from numbers on no roster must not hide the parents on
 * it: their conversations are listed first and the others apart, each list
 * paged on its own, and every request says whether its number is on the
 * roster (roster ones first among the new).
 */
import type { ConversationSummary } from '../db/thread-table.ts';
import type { StaffAnswerForm } from '../requests/answer.ts';
import { askedOf } from '../../src/shared/rules/request-outcome.ts';
import { askedDays, sessionConcerned, sessionsInRange } from '../../src/shared/schedule/request-session.ts';
import { addDays, partsOf, type WeeklySession } from '../../src/shared/schedule/week.ts';
import { askedText, shortDayName } from '../requests/rules.ts';
import type { AnswerRow } from '../requests/store.ts';
import { isolated, markup, page, type Markup } from './html.ts';
import { csrfField, header, phoneLink, when } from './pages.ts';
import { INBOX_PAGE_SIZE, languageName, preview, threadPathOf } from './rules.ts';
import { REQUEST_STATUSES, type RequestStatusName, type RequestSummary, type StaffMember } from './store.ts';

/** One list's page: its rows, how many the search finds in all, and which page this is. */
export interface Paged<T> {
  rows: readonly T[];
  total: number;
  page: number;
}

/** The three lists and their page parameters in the address. */
export const LISTS = { roster: 'page', others: 'others', requests: 'requests' } as const;
type List = keyof typeof LISTS;

/** A request with what staff need to answer it: its answers so far, the parent's sessions, today in India. */
export interface RequestCard extends RequestSummary {
  answers: readonly AnswerRow[];
  sessions: readonly WeeklySession[];
  today: string;
  handled: { handled_at: string; handled_by: string } | undefined;
}

export interface InboxView {
  search: string;
  /** The status the requests are filtered by, if any. */
  status: RequestStatusName | undefined;
  /** What the last answer did, said once after it (the request's own state, read back). */
  done: Markup | undefined;
  roster: Paged<ConversationSummary>;
  others: Paged<ConversationSummary>;
  requests: Paged<RequestCard>;
}

const ACTION_NAMES: Record<RequestSummary['action'], string> = {
  reschedule_single: 'Reschedule (one day)',
  reschedule_range: 'Reschedule (days)',
  book_consult: 'Consultation',
  schedule_call: 'Call request',
};

const STATUS_NAMES: Record<RequestStatusName, string> = {
  waiting: 'Waiting for an answer',
  confirmed: 'Confirmed',
  offered: 'Another time offered',
  declined: 'Declined',
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  closed: 'Closed',
};

/** An answer the server refused, as it was typed, and why: shown again in its request's form. */
export type RefusedAnswer = StaffAnswerForm & { problem: string };

const ANSWER_NAMES: Record<AnswerRow['kind'], string> = {
  ...STATUS_NAMES,
  confirmed: 'Confirmed for',
  offered: 'Offered',
  accepted: 'The parent accepted',
  new: 'Set back to new',
};

/** A session's start as staff read it: "Wed 2 Dec, 4:00 PM". */
const startText = (startsAt: string) =>
  `${shortDayName(partsOf(startsAt).key)}, ${when(startsAt).split(', ')[1] ?? ''}`;

function answerLine(row: AnswerRow): Markup {
  const what = row.starts_at ? `${ANSWER_NAMES[row.kind]} ${startText(row.starts_at)}` : ANSWER_NAMES[row.kind];
  return markup`<li>${what}${row.reason ? markup`: <span dir="auto">${row.reason}</span>` : ''} <span class="meta">(by ${isolated(row.answered_by)}, ${when(row.answered_at)})</span></li>`;
}

function visitorDetails(request: RequestCard): Markup[] {
  const lines: [string, string | null][] = [
    ['Message', request.message],
    ['Preferred times', request.preferred_times],
  ];
  return lines
    .filter((line): line is [string, string] => typeof line[1] === 'string' && line[1] !== '')
    .map(([label, value]) => markup`<p class="text" dir="auto">${label}: ${value}</p>`);
}

/** The day choice: the days asked for first (those not past), then the next three weeks' others. */
function dayOptions(request: RequestCard, asked: { start: string; end: string }, chosen?: string): Markup {
  const askedKeys = askedDays(asked).filter((key) => key >= request.today);
  const others: string[] = [];
  for (let key = request.today; others.length < 21; key = addDays(key, 1)) {
    if (!askedKeys.includes(key)) others.push(key);
  }
  const option = (key: string) =>
    markup`<option value="${key}"${key === chosen ? markup` selected` : ''}>${shortDayName(key)}</option>`;
  return markup`${askedKeys.length > 0 ? markup`<optgroup label="Days asked for">${askedKeys.map(option)}</optgroup>` : ''}<optgroup label="Other days">${others.map(option)}</optgroup>`;
}

const problemLine = (id: string, refused: RefusedAnswer | undefined) =>
  refused ? markup`<p class="alert" role="alert" id="answer-problem-${id}">${refused.problem}</p>` : '';

function rescheduleBody(request: RequestCard, csrf: string, refused?: RefusedAnswer): Markup {
  const payload = JSON.parse(request.payload) as Record<string, unknown>;
  const asked = askedOf(request.action, payload);
  if (!asked) return markup``;
  const concerned = sessionConcerned(asked, request.sessions);
  const covered = sessionsInRange(asked, request.sessions);
  const id = request.request_id;
  const session = (ref: { day: string; time: string; facilitator: string }) =>
    markup`${ref.day}, ${ref.time} with ${isolated(ref.facilitator)}`;
  return markup`<p class="text">Asked for: <strong>${askedText(asked)}</strong></p>
<p class="text">Session: ${concerned ? session(concerned) : 'no session on the roster'}</p>
${covered.length > 0 ? markup`<p class="text">Sessions in these days: ${covered.map((ref, i) => markup`${i > 0 ? '; ' : ''}${session(ref)}`)}</p>` : ''}
${request.note ? markup`<p class="text" dir="auto">Note: ${request.note}</p>` : ''}
<form method="post" action="/staff/requests/${id}/answer" class="answer">${csrfField(csrf)}
${problemLine(id, refused)}
<fieldset><legend>Answer</legend>
<label for="day-${id}">Day</label>
<select id="day-${id}" name="day">${dayOptions(request, asked, refused?.day)}</select>
<label for="time-${id}">Time</label>
<input id="time-${id}" name="time" type="time" value="${refused ? refused.time : concerned ? partsOf(concerned.starts_at).time : ''}">
<button type="submit" name="answer" value="confirm">Confirm</button>
<button type="submit" name="answer" value="offer" class="quiet">Offer another time</button>
<label for="reason-${id}">Reason, to decline</label>
<input id="reason-${id}" name="reason" dir="auto" maxlength="300" value="${refused?.reason ?? ''}">
<button type="submit" name="answer" value="decline" class="quiet">Decline</button>
</fieldset>
</form>`;
}

function visitorForm(request: RequestCard, csrf: string, refused?: RefusedAnswer): Markup {
  const id = request.request_id;
  const chosen = refused?.status ?? request.status;
  const options = (['new', 'contacted', 'booked', 'closed'] as const).map(
    (status) =>
      markup`<option value="${status}"${status === chosen ? markup` selected` : ''}>${STATUS_NAMES[status]}</option>`,
  );
  return markup`<form method="post" action="/staff/requests/${id}/answer">${csrfField(csrf)}
${problemLine(id, refused)}
<label for="status-${id}">Status</label>
<select id="status-${id}" name="status">${options}</select>
<label for="note-${id}">Note</label>
<input id="note-${id}" name="note" dir="auto" maxlength="300" value="${refused?.note ?? ''}">
<button type="submit">Save status</button>
</form>`;
}

function requestItem(request: RequestCard, csrf: string, refused?: RefusedAnswer): Markup {
  const handled = request.handled !== undefined;
  const visitor = request.action === 'book_consult' || request.action === 'schedule_call';
  const roster = request.on_roster === 1 ? 'on the roster' : 'not on the roster';
  const thread = `/staff/conversations/${threadPathOf(request.number_key)}#latest`;
  const handledLine = request.handled
    ? markup`Marked handled by ${isolated(request.handled.handled_by)}, ${when(request.handled.handled_at)}`
    : 'Not handled yet';
  return markup`<li class="card${handled ? '' : ' unread'}" id="request-${request.request_id}">
<h3 class="meta">${ACTION_NAMES[request.action]}: ${isolated(request.user_name)}, ${phoneLink(request.number_key)}, ${when(request.received_at)}, <span class="${request.on_roster === 1 ? 'roster' : 'no-roster'}">${roster}</span></h3>
<p class="meta">Language: ${languageName(request.language)}</p>
<p class="status">Status: ${STATUS_NAMES[request.status]}</p>
${visitor ? visitorDetails(request) : rescheduleBody(request, csrf, refused)}
${request.answers.length > 0 ? markup`<ol class="answers" aria-label="Answers">${request.answers.map(answerLine)}</ol>` : ''}
<p><a href="${thread}">Conversation with ${isolated(request.user_name)}</a></p>
${visitor ? visitorForm(request, csrf, refused) : ''}
<form method="post" action="/staff/requests/${request.request_id}/status">${csrfField(csrf)}
<p class="meta">${handledLine}</p>
<input type="hidden" name="status" value="${handled ? 'new' : 'handled'}">
<button type="submit" class="quiet">${handled ? 'Mark new' : 'Mark handled'}</button>
</form>
</li>`;
}

function conversationItem(conversation: ConversationSummary): Markup {
  const unread = conversation.unread > 0;
  return markup`<li class="card${unread ? ' unread' : ''}">
<a href="/staff/conversations/${threadPathOf(conversation.number_key)}#latest">${isolated(conversation.name)}</a>
<p class="meta">${phoneLink(conversation.number_key)}${unread ? `, ${conversation.unread} unread` : ''}, last message ${when(conversation.last_at)}</p>
<p class="meta">${conversation.facilitator ? markup`Facilitator: ${isolated(conversation.facilitator)}, ` : 'No facilitator (not on the roster), '}language: ${languageName(conversation.language)}</p>
<p class="text preview" dir="auto">${preview(conversation.last_text)}</p>
</li>`;
}

/** The address of the inbox with one list on another page, the search and the other lists' pages kept. */
function addressWith(view: InboxView, list: List, pageNumber: number): string {
  const query = new URLSearchParams();
  if (view.search !== '') query.set('q', view.search);
  if (view.status) query.set('status', view.status);
  for (const name of Object.keys(LISTS) as List[]) {
    const number = name === list ? pageNumber : view[name].page;
    if (number > 1) query.set(LISTS[name], String(number));
  }
  const text = query.toString();
  return text === '' ? '/staff' : `/staff?${text}`;
}

function pager(view: InboxView, list: List, label: string): Markup | '' {
  const { page: current, total } = view[list];
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  if (pages === 1) return '';
  return markup`<nav class="pages" aria-label="Pages: ${label}">
${current > 1 ? markup`<a href="${addressWith(view, list, current - 1)}" rel="prev">Newer</a>` : ''}
<span>Page ${current} of ${pages}</span>
${current < pages ? markup`<a href="${addressWith(view, list, current + 1)}" rel="next">Older</a>` : ''}
</nav>`;
}

function conversationList(view: InboxView, list: 'roster' | 'others', heading: string, note: string): Markup {
  const { rows } = view[list];
  return markup`<section aria-labelledby="${list}">
<h3 id="${list}">${heading}</h3>
${note ? markup`<p class="meta">${note}</p>` : ''}
${rows.length > 0 ? markup`<ul>${rows.map(conversationItem)}</ul>` : markup`<p>None.</p>`}
${pager(view, list, heading)}
</section>`;
}

export function inboxPage(member: StaffMember, csrf: string, view: InboxView): string {
  const searching = view.search !== '';
  const noConversations = view.roster.total + view.others.total === 0;
  const conversations = noConversations
    ? markup`<p>${searching ? markup`No conversations match “${isolated(view.search)}”.` : 'No messages yet.'}</p>`
    : markup`${conversationList(view, 'roster', 'Parents on the roster', '')}
${conversationList(
  view,
  'others',
  'Numbers on no roster',
  'Anyone can send a message with a name and a number: these numbers are not on the programme’s roster.',
)}`;
  const requests =
    view.requests.rows.length > 0
      ? markup`<ul>${view.requests.rows.map((request) => requestItem(request, csrf))}</ul>
${pager(view, 'requests', 'Requests')}`
      : markup`<p>${searching ? markup`No requests match “${isolated(view.search)}”.` : view.status ? 'No requests with this status.' : 'No requests yet.'}</p>`;
  return page(
    'Inbox',
    markup`<h1>Inbox</h1>
${view.done ? markup`<p class="notice" role="status">${view.done}</p>` : ''}
<form method="get" action="/staff" role="search">
<label for="q">Search by name or number</label>
<input id="q" name="q" type="search" dir="auto" value="${view.search}">
<button type="submit">Search</button>
</form>
<section aria-labelledby="conversations">
<h2 id="conversations">Conversations</h2>
${conversations}
</section>
<section aria-labelledby="requests">
<h2 id="requests">Requests</h2>
<form method="get" action="/staff#requests">
${view.search !== '' ? markup`<input type="hidden" name="q" value="${view.search}">` : ''}
<label for="status-filter">Show requests</label>
<select id="status-filter" name="status">
<option value="">Every status</option>
${REQUEST_STATUSES.map((status) => markup`<option value="${status}"${status === view.status ? markup` selected` : ''}>${STATUS_NAMES[status]}</option>`)}
</select>
<button type="submit" class="quiet">Filter</button>
</form>
${requests}
</section>`,
    header(member, csrf),
  );
}

/** A request whose answer was refused, alone, its form as it was typed and the problem said above it. */
export function refusedAnswerPage(
  member: StaffMember,
  csrf: string,
  request: RequestCard,
  refused: RefusedAnswer,
): string {
  return page(
    'Answer not saved',
    markup`<h1>Answer not saved</h1>
<ul>${requestItem(request, csrf, refused)}</ul>
<p><a href="/staff#request-${request.request_id}">Back to the inbox</a></p>`,
    header(member, csrf),
  );
}

/**
 * What the last answer or mark did, read back from the request: shown once
 * after it, so staff see what happened and when.
 */
export function doneNotice(
  request: { user_name: string; action: RequestSummary['action'] },
  latest: AnswerRow | undefined,
  handled: { handled_at: string; handled_by: string } | undefined,
  what: 'answer' | 'mark',
): Markup {
  const whose = markup`${ACTION_NAMES[request.action]} from ${isolated(request.user_name)}`;
  if (what === 'answer' && latest) {
    const how = latest.starts_at
      ? `${ANSWER_NAMES[latest.kind]} ${startText(latest.starts_at)}`
      : ANSWER_NAMES[latest.kind];
    return markup`${how}: ${whose}, by ${isolated(latest.answered_by)}, ${when(latest.answered_at)}.`;
  }
  return handled
    ? markup`Marked handled: ${whose}, by ${isolated(handled.handled_by)}, ${when(handled.handled_at)}. It moved down the list.`
    : markup`Marked new: ${whose}. It moved up the list.`;
}
