import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import { displayFileName } from '../../src/shared/rules/attachment.ts';
import { formatFileSize } from '../../src/shared/rules/sizes.ts';
import { voiceNoteDuration } from '../../src/shared/rules/voice-note.ts';
import type { StaffThreadRow, ThreadFileRow } from '../db/thread-table.ts';
import type { NoticeReach } from '../push/text-store.ts';
import { isolated, isolatedInText, markup, page, type Markup } from './html.ts';
import { displayPhone, languageName, threadPathOf } from './rules.ts';
import type { Party, StaffMember } from './store.ts';

export const when = (iso: string) => formatIstDateTime(new Date(iso), 'en');

/** A number in its one form for staff, as a link that calls it. */
export const phoneLink = (numberKey: string) => markup`<a href="tel:${numberKey}">${displayPhone(numberKey)}</a>`;

export const csrfField = (csrf: string) => markup`<input type="hidden" name="csrf" value="${csrf}">`;

export function header(member: StaffMember, csrf: string): Markup {
  return markup`<header>
<nav aria-label="Staff"><a href="/staff">Inbox</a> · <a href="/staff/roster">Roster</a> · <a href="/staff/announcements">Announcements</a></nav>
<form method="post" action="/staff/sign-out">${csrfField(csrf)}
<span class="meta">Signed in as ${isolated(member.name)}</span>
<button type="submit" class="quiet">Sign out</button>
</form>
</header>`;
}

export function signInPage(problem?: string, email = ''): string {
  return page(
    'Sign in',
    markup`<h1>Staff sign-in</h1>
${problem ? markup`<p class="alert" role="alert">${problem}</p>` : ''}
<form method="post" action="/staff/sign-in">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${email}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

/**
 * An audio file plays where it is listed (nothing is fetched until Play:
 * preload="none"); a voice note recorded in the portal says how long it is,
 * from the length its name carries.
 */
function player(href: string, file: ThreadFileRow, name: string, length: string | undefined): Markup | '' {
  if (!file.mimetype.startsWith('audio/')) return '';
  const label = length ? `Voice note, ${length}` : name;
  return markup`<audio controls preload="none" src="${href}" aria-label="${label}"></audio>`;
}

function fileItem(messageId: number, file: ThreadFileRow): Markup {
  const href = `/staff/thread/${messageId}/files/${file.position}`;
  const name = displayFileName(file.filename, file.mimetype);
  const length = voiceNoteDuration(name);
  return markup`<li>${player(href, file, name, length)}<a href="${href}" download>${isolated(name)}</a> <span class="meta">(${length ? `voice note, ${length}, ` : ''}${file.mimetype}, ${formatFileSize(file.size, 'en')})</span></li>`;
}

/**
 * How a parent's message came. Sending needs only a name and a number, which
 * are no secret; only a message sent with the token of a phone verified for
 * that number is known to come from the parent.
 */
const VIA = {
  verified: 'Sent from this parent’s verified phone',
  unverified: 'Sent with name and number only: anyone who knows them could have sent it',
};

/** How a reply or an answer reached the parent: each step with its time, if it was taken. */
export interface Reach {
  notice: NoticeReach | undefined;
  /** When the parent's phone first showed it (only from a phone that sends read receipts). */
  readAt: string | undefined;
}

/** Why no text went, when none did and none waits; `seen` is left out: only a read receipt tells staff that. */
const NO_TEXT: Partial<Record<NoticeReach['state'], string>> = {
  waiting: 'Texted if not seen soon',
  queued: 'Being texted',
  limit: 'Not texted: this parent had a text today',
  off: 'Not texted: the parent turned texts off',
  failed: 'The text could not be sent',
};

/** How a notice reached its parent, step by step: pushed, texted (each with its time), or why no text went. */
export function noticeSteps(notice: NoticeReach | undefined): string[] {
  const noText = notice && !notice.texted_at && !notice.pushed_at ? NO_TEXT[notice.state] : undefined;
  return [
    ...(notice?.pushed_at ? [`Pushed ${when(notice.pushed_at)}`] : []),
    ...(notice?.texted_at ? [`Texted ${when(notice.texted_at)}`] : []),
    ...(noText ? [noText] : []),
  ];
}

function reachLine({ notice, readAt }: Reach): Markup | '' {
  const steps = [...noticeSteps(notice), ...(readAt ? [`Read by the parent, ${when(readAt)}`] : [])];
  return steps.length === 0 ? '' : markup`<p class="meta reach">${steps.join(' · ')}</p>`;
}

function messageItem(
  row: StaffThreadRow,
  files: readonly ThreadFileRow[],
  last: boolean,
  reach: (id: number) => Reach,
): Markup {
  const latest = last ? markup` id="latest"` : '';
  if (row.author === 'event') {
    return markup`<li class="card event"${latest}>
<p class="meta">Event: answered by ${isolated(row.staff_name ?? 'Staff')}, ${when(row.sent_at)}</p>
<p class="text" dir="auto">${row.text}</p>
${reachLine(reach(row.id))}
</li>`;
  }
  const fromStaff = row.author === 'staff';
  const via = row.verified_device === 1 ? 'verified' : 'unverified';
  const who = fromStaff ? markup`${isolated(row.staff_name ?? 'Staff')} (staff)` : isolated(row.user_name ?? 'Parent');
  const mine = files.filter((file) => file.id === row.id);
  return markup`<li class="card${fromStaff ? ' staff' : ''}"${latest}>
<p class="meta">${who}, ${when(row.sent_at)}</p>
${fromStaff ? '' : markup`<p class="via ${via}">${VIA[via]}</p>\n`}<p class="text" dir="auto">${row.text}</p>
${mine.length > 0 ? markup`<ul>${mine.map((file) => fileItem(row.id, file))}</ul>` : ''}
${fromStaff ? reachLine(reach(row.id)) : ''}
</li>`;
}

/** Reading changes nothing: staff mark a thread read themselves, up to the last message this page shows. */
function markReadForm(csrf: string, numberKey: string, lastId: number | undefined): Markup | '' {
  if (lastId === undefined) return '';
  return markup`<form method="post" action="/staff/conversations/${threadPathOf(numberKey)}/read">${csrfField(csrf)}
<input type="hidden" name="through" value="${lastId}">
<button type="submit" class="quiet">Mark read</button>
</form>`;
}

export function conversationPage(
  member: StaffMember,
  csrf: string,
  numberKey: string,
  thread: { name: string; rows: readonly StaffThreadRow[]; files: readonly ThreadFileRow[] },
  reply?: { problem: string; text: string },
  about: { party?: Party | undefined; sent?: boolean; reach?: (id: number) => Reach } = {},
): string {
  const { party, sent = false, reach = () => ({ notice: undefined, readAt: undefined }) } = about;
  const problem = reply ? markup`<p class="alert" role="alert" id="reply-problem">${reply.problem}</p>` : '';
  const describedBy = reply ? markup` aria-describedby="reply-problem"` : '';
  return page(
    markup`Conversation with ${isolatedInText(thread.name)}`,
    markup`<h1>Conversation with ${isolated(thread.name)}</h1>
<p class="meta">${phoneLink(numberKey)}, language: ${languageName(party?.language)}${party?.facilitator ? markup`, facilitator: ${isolated(party.facilitator)}` : ''}</p>
${thread.rows.length === 0 ? markup`<p id="latest">No messages yet. A reply starts the conversation.</p>` : markup`<p><a href="#latest">Go to the newest message and the reply box</a></p>`}
<ol>${thread.rows.map((row, i) => messageItem(row, thread.files, i === thread.rows.length - 1, reach))}</ol>
${markReadForm(csrf, numberKey, thread.rows.at(-1)?.id)}
<form method="post" action="/staff/conversations/${threadPathOf(numberKey)}/replies">${csrfField(csrf)}
${problem}
${sent ? markup`<p class="notice" role="status">Reply sent</p>` : ''}
<label for="reply">Reply</label>
<textarea id="reply" name="text" dir="auto" required${describedBy}>${reply?.text ?? ''}</textarea>
<button type="submit">Send reply</button>
</form>`,
    header(member, csrf),
  );
}
