/**
 * What the chat screen lists and draws of the thread: the thread's messages,
 * then the parent's messages the outbox still holds (matched to the thread by
 * request_id), and which of them are drawn as the parent scrolls back.
 */
import type { OutboxEntry, OutboxState } from '../../../shared/outbox/types.ts';
import type { ThreadMessage } from '../../../shared/webhook/conversation.ts';

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
