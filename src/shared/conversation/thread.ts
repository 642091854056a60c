/**
 * The thread as the portal keeps it (issue 24): pure rules over the
 * messages chat_thread answers with, for the chat screen, the menu's unread
 * count and the saved copy alike.
 */
import type { ThreadAttachment, ThreadMessage } from '../webhook/conversation.ts';

const isText = (value: unknown): value is string => typeof value === 'string';

function isAttachment(value: unknown): value is ThreadAttachment {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return isText(file.filename) && isText(file.mimetype) && isText(file.url) && Number.isInteger(file.size);
}

/** A message as the contract describes it (answer.schema.json, thread_message); anything else is not shown. */
export function isThreadMessage(value: unknown): value is ThreadMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    isText(message.id) &&
    /^[1-9][0-9]{0,14}$/.test(message.id) &&
    (message.from === 'parent' || message.from === 'staff') &&
    isText(message.text) &&
    isText(message.sent_at) &&
    (message.request_id === undefined || isText(message.request_id)) &&
    (message.author === undefined || isText(message.author)) &&
    Array.isArray(message.attachments) &&
    message.attachments.every(isAttachment)
  );
}

const byId = (a: ThreadMessage, b: ThreadMessage) => Number(a.id) - Number(b.id);

/** The saved messages with the new ones, each once (a later copy wins), oldest first. */
export function mergeMessages(saved: readonly ThreadMessage[], incoming: readonly ThreadMessage[]): ThreadMessage[] {
  const merged = new Map(saved.map((message) => [message.id, message]));
  for (const message of incoming) merged.set(message.id, message);
  return [...merged.values()].sort(byId);
}

/** Replies the parent has not seen: staff messages after the last one the chat screen showed. */
export function unreadCount(messages: readonly ThreadMessage[], seenThroughId: string | undefined): number {
  const seen = Number(seenThroughId ?? 0);
  return messages.filter((message) => message.from === 'staff' && Number(message.id) > seen).length;
}

/** The request_ids the thread holds: an outbox entry with one of them is delivered and shown from the thread. */
export function deliveredRequestIds(messages: readonly ThreadMessage[]): Set<string> {
  return new Set(messages.flatMap((message) => (message.request_id ? [message.request_id.toLowerCase()] : [])));
}

/**
 * Where to GET an attachment: its `url` resolved against the webhook's URL,
 * and only on the webhook's own origin, since the request carries the
 * parent's token. Undefined for any other address.
 */
export function attachmentAddress(url: string, webhookUrl: string, pageOrigin: string): string | undefined {
  // Not URL.canParse: the page runs on phones whose browsers predate it.
  try {
    const webhook = new URL(webhookUrl, pageOrigin);
    const resolved = new URL(url, webhook);
    return resolved.origin === webhook.origin ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}
