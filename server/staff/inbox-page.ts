/**
 * The inbox at /staff: conversations and requests, in pages, with one search
 * by name or number over both. Anyone can send a message with a name and a
 * number, so a flood from numbers on no roster must not hide the parents on
 * it: their conversations are listed first and the others apart, each list
 * paged on its own, and every request says whether its number is on the
 * roster (roster ones first among the new).
 */
import type { ConversationSummary } from '../db/thread-table.ts';
import { isolated, markup, page, type Markup } from './html.ts';
import { csrfField, header, when } from './pages.ts';
import { INBOX_PAGE_SIZE, threadPathOf } from './rules.ts';
import type { RequestSummary, StaffMember } from './store.ts';

/** One list's page: its rows, how many the search finds in all, and which page this is. */
export interface Paged<T> {
  rows: readonly T[];
  total: number;
  page: number;
}

/** The three lists and their page parameters in the address. */
export const LISTS = { roster: 'page', others: 'others', requests: 'requests' } as const;
type List = keyof typeof LISTS;

export interface InboxView {
  search: string;
  roster: Paged<ConversationSummary>;
  others: Paged<ConversationSummary>;
  requests: Paged<RequestSummary>;
}

const ACTION_NAMES: Record<RequestSummary['action'], string> = {
  reschedule_single: 'Reschedule (one day)',
  reschedule_range: 'Reschedule (days)',
  book_consult: 'Consultation',
  schedule_call: 'Call request',
};

function requestDetails(request: RequestSummary): Markup[] {
  const payload = JSON.parse(request.payload) as Record<string, unknown>;
  const lines: [string, unknown][] = [
    ['Day', payload.date],
    ['From', payload.start_date],
    ['To', payload.end_date],
    ['Note', request.note],
    ['Message', request.message],
    ['Preferred times', request.preferred_times],
  ];
  return lines
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([label, value]) => markup`<p class="text" dir="auto">${label}: ${String(value)}</p>`);
}

function requestItem(request: RequestSummary, csrf: string): Markup {
  const handled = request.handled_at !== null;
  const status = handled ? markup`Handled by ${isolated(request.handled_by ?? '')}` : 'New';
  const roster = request.on_roster === 1 ? 'on the roster' : 'not on the roster';
  return markup`<li class="card${handled ? '' : ' unread'}">
<h3 class="meta">${ACTION_NAMES[request.action]}: ${isolated(request.user_name)} (${isolated(request.user_number)}), ${when(request.received_at)}, <span class="${request.on_roster === 1 ? 'roster' : 'no-roster'}">${roster}</span></h3>
${requestDetails(request)}
<form method="post" action="/staff/requests/${request.request_id}/status">${csrfField(csrf)}
<p class="status">Status: ${status}</p>
<input type="hidden" name="status" value="${handled ? 'new' : 'handled'}">
<button type="submit" class="quiet">${handled ? 'Mark new' : 'Mark handled'}</button>
</form>
</li>`;
}

function conversationItem(conversation: ConversationSummary): Markup {
  const unread = conversation.unread > 0;
  return markup`<li class="card${unread ? ' unread' : ''}">
<a href="/staff/conversations/${threadPathOf(conversation.number_key)}">${isolated(conversation.name)}</a>
<p class="meta">${isolated(conversation.number_key)}${unread ? `, ${conversation.unread} unread` : ''}, last message ${when(conversation.last_at)}</p>
</li>`;
}

/** The address of the inbox with one list on another page, the search and the other lists' pages kept. */
function addressWith(view: InboxView, list: List, pageNumber: number): string {
  const query = new URLSearchParams();
  if (view.search !== '') query.set('q', view.search);
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
      : markup`<p>${searching ? markup`No requests match “${isolated(view.search)}”.` : 'No requests yet.'}</p>`;
  return page(
    'Inbox',
    markup`<h1>Inbox</h1>
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
${requests}
</section>`,
    header(member, csrf),
  );
}
