/**
 * The parent's thread as the portal holds it: the pages
 * `chat_thread` answers with, merged by their ids; the messages the outbox
 * still holds, matched to the thread by request_id; and what counts as
 * unread. No DOM, no storage: the screen and the menu read it the same way.
 */
import type { OutboxEntry, OutboxState } from '../outbox/types.ts';
import type { ThreadAttachment, ThreadMessage } from '../webhook/conversation.ts';

export interface ThreadPage {
  messages: ThreadMessage[];
  cursor: string;
  more: boolean;
}

const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;
const DECIMAL = /^[0-9]+$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAttachment(value: unknown): value is ThreadAttachment {
  if (!isRecord(value)) return false;
  return (
    typeof value.filename === 'string' &&
    typeof value.mimetype === 'string' &&
    typeof value.size === 'number' &&
    typeof value.url === 'string'
  );
}

function isMessage(value: unknown): value is ThreadMessage {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    DECIMAL.test(value.id) &&
    (value.from === 'parent' || value.from === 'staff') &&
    typeof value.text === 'string' &&
    typeof value.sent_at === 'string' &&
    !Number.isNaN(Date.parse(value.sent_at)) &&
    (value.request_id === undefined || typeof value.request_id === 'string') &&
    (value.author === undefined || typeof value.author === 'string') &&
    Array.isArray(value.attachments) &&
    value.attachments.every(isAttachment)
  );
}

/** A `chat_thread` answer, or undefined when the body is not one (then nothing of it is kept). */
export function readThreadPage(body: unknown): ThreadPage | undefined {
  if (!isRecord(body)) return undefined;
  const { messages, cursor, more } = body;
  if (!Array.isArray(messages) || !messages.every(isMessage)) return undefined;
  if (typeof cursor !== 'string' || !CURSOR.test(cursor) || typeof more !== 'boolean') return undefined;
  return { messages, cursor, more };
}

/** Orders two decimal ids of any length (they may pass Number's safe range). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The thread with a new page added: each id once (the newer copy wins), oldest first. */
export function mergeThread(thread: readonly ThreadMessage[], page: readonly ThreadMessage[]): ThreadMessage[] {
  const byId = new Map<string, ThreadMessage>();
  for (const message of thread) byId.set(message.id, message);
  for (const message of page) byId.set(message.id, message);
  const merged = [...byId.values()];
  // A page asked for by cursor only adds newer messages at the end: already in order, and a long thread's
  // sort is the costliest part of taking in its first page on a slow phone.
  const ordered = merged.every((message, index) => {
    const before = merged[index - 1];
    return before === undefined || compareIds(before.id, message.id) < 0;
  });
  return ordered ? merged : merged.sort((a, b) => compareIds(a.id, b.id));
}

/** A message of the parent's the outbox still holds: shown at once, with where it stands. */
export interface WaitingMessage {
  requestId: string;
  text: string;
  /** The file names it carries. */
  files: string[];
  sentAt: string;
  state: OutboxState;
}

export type ThreadItem = { kind: 'message'; message: ThreadMessage } | { kind: 'waiting'; waiting: WaitingMessage };

/**
 * What the chat screen lists: the thread, then the parent's messages still in
 * the outbox, oldest first. One the thread already holds (delivered, and the
 * outbox not yet told) is listed once, as the thread's.
 */
export function threadItems(thread: readonly ThreadMessage[], outbox: readonly OutboxEntry[]): ThreadItem[] {
  const inThread = new Set(thread.flatMap((message) => (message.request_id ? [message.request_id] : [])));
  const waiting: ThreadItem[] = [];
  for (const entry of outbox) {
    const { envelope } = entry;
    if (envelope.action !== 'chat_facilitator' || inThread.has(envelope.request_id)) continue;
    waiting.push({
      kind: 'waiting',
      waiting: {
        requestId: envelope.request_id,
        text: envelope.payload.message,
        files: envelope.payload.attachments.map((file) => file.filename),
        sentAt: envelope.timestamp_ist,
        state: entry.state,
      },
    });
  }
  return [...thread.map((message): ThreadItem => ({ kind: 'message', message })), ...waiting];
}

/** An item's one key: a message's id, a waiting message's request_id. */
export function itemKey(item: ThreadItem): string {
  return item.kind === 'message' ? `m${item.message.id}` : `w${item.waiting.requestId}`;
}

/**
 * How many messages the chat screen draws when it opens: a few screens of a
 * 360 px phone's thread box. Drawing is what opening a long thread costs
 * (1,000 messages under 100 ms of main-thread work at 4x CPU).
 */
export const THREAD_FIRST = 30;
/** How many earlier messages each 'Show Earlier Messages' adds. */
export const THREAD_MORE = 50;

/** The key of the first item to draw when the screen opens: the newest `count`, all when fewer. */
export function firstDrawnKey(items: readonly ThreadItem[], count: number = THREAD_FIRST): string | undefined {
  const first = items[Math.max(0, items.length - count)];
  return first && itemKey(first);
}

/**
 * The items drawn, from the one with `firstKey` to the newest. Anchored on a
 * key rather than a count, so a message arriving at the end never pushes one
 * out at the top (what the parent is reading stays where it is).
 */
export function drawnItems(items: readonly ThreadItem[], firstKey: string | undefined): readonly ThreadItem[] {
  // Looked for from the end, where the drawn part is: a long thread's first key is near it.
  const from = firstKey === undefined ? 0 : items.findLastIndex((item) => itemKey(item) === firstKey);
  return from <= 0 ? items : items.slice(from);
}

/** The first key once `count` earlier items are drawn above the one with `firstKey`: the oldest item's at most. */
export function earlierKey(
  items: readonly ThreadItem[],
  firstKey: string | undefined,
  count: number = THREAD_MORE,
): string | undefined {
  const hidden = items.length - drawnItems(items, firstKey).length;
  return firstDrawnKey(items.slice(0, hidden), count) ?? firstKey;
}

/** The id of the newest staff reply, if any: what "seen" moves to when the parent reads the thread. */
export function newestReplyId(thread: readonly ThreadMessage[]): string | undefined {
  for (let index = thread.length - 1; index >= 0; index--) {
    const message = thread[index];
    if (message?.from === 'staff') return message.id;
  }
  return undefined;
}

/** Staff replies newer than the last one the parent saw (all of them when none was seen yet). */
export function unreadCount(thread: readonly ThreadMessage[], lastSeenId: string | undefined): number {
  return thread.filter(
    (message) => message.from === 'staff' && (lastSeenId === undefined || compareIds(message.id, lastSeenId) > 0),
  ).length;
}
