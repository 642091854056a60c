/**
 * The parent's thread as the portal holds it: the pages `chat_thread`
 * answers with, merged by their ids, and what counts as unread. No DOM, no
 * storage: the screen, the menu and the saved copy read it the same way.
 */
import type { SeenMark, ThreadAttachment, ThreadMessage } from '../webhook/conversation.ts';

export interface ThreadPage {
  messages: ThreadMessage[];
  cursor: string;
  more: boolean;
  /** The newest of the parent's messages the programme has opened (none yet, or a backend without receipts: left out). */
  seen?: SeenMark;
  /** chat_thread's read_receipts: this device tells the programme what its chat screen showed (left out: it does not). */
  readReceipts?: boolean;
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
    (value.from === 'parent' || value.from === 'staff' || value.from === 'event') &&
    typeof value.text === 'string' &&
    typeof value.sent_at === 'string' &&
    !Number.isNaN(Date.parse(value.sent_at)) &&
    (value.request_id === undefined || typeof value.request_id === 'string') &&
    (value.author === undefined || typeof value.author === 'string') &&
    Array.isArray(value.attachments) &&
    value.attachments.every(isAttachment)
  );
}

/** A read mark as chat_thread answers it and the phone saves it; undefined when it is not one. */
export function readSeenMark(value: unknown): SeenMark | undefined {
  if (!isRecord(value)) return undefined;
  const { message_id, at } = value;
  if (typeof message_id !== 'string' || !DECIMAL.test(message_id)) return undefined;
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return undefined;
  return { message_id, at };
}

/**
 * A `chat_thread` answer, or undefined when the body is not one (then nothing
 * of it is kept). A read mark that does not read as one is left out, not the
 * thread with it: the messages matter more than a receipt.
 */
export function readThreadPage(body: unknown): ThreadPage | undefined {
  if (!isRecord(body)) return undefined;
  const { messages, cursor, more, seen, read_receipts } = body;
  if (!Array.isArray(messages) || !messages.every(isMessage)) return undefined;
  if (typeof cursor !== 'string' || !CURSOR.test(cursor) || typeof more !== 'boolean') return undefined;
  const mark = readSeenMark(seen);
  return {
    messages,
    cursor,
    more,
    ...(mark ? { seen: mark } : {}),
    ...(typeof read_receipts === 'boolean' ? { readReceipts: read_receipts } : {}),
  };
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

/** A message's element id in the chat: a notification's address (#message-…) scrolls the thread to it. */
export const messageAnchor = (messageId: string): string => `message-${messageId}`;
