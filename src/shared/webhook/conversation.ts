/**
 * The conversation half of the webhook contract: the actions that
 * let a parent verify their phone and read the thread with their
 * facilitator. They go to the same webhook as the spec's six actions, but
 * they are not requests to store: no request_id, no timestamp_ist, and a
 * repeat is simply asked again. docs/webhook-contract.md describes each.
 */
import type { Language, User } from './types.ts';

export type ConversationAction = 'request_code' | 'verify_code' | 'chat_thread' | 'revoke_token' | 'mark_read';

export const CONVERSATION_ACTIONS: readonly ConversationAction[] = [
  'request_code',
  'verify_code',
  'chat_thread',
  'revoke_token',
  'mark_read',
];

export interface ConversationRequests {
  /** Sends a 6-digit code to the parent's phone, in their language. */
  request_code: { action: 'request_code'; user: User; language?: Language };
  /** Trades the code for a token, sent from then on as `Authorization: Bearer <token>`. */
  verify_code: { action: 'verify_code'; user: User; payload: { code: string }; language?: Language };
  /** With the bearer token: the thread's messages after the cursor (all of them without one). */
  chat_thread: { action: 'chat_thread'; payload?: { after?: string }; language?: Language };
  /** With the bearer token: ends it (logout). */
  revoke_token: { action: 'revoke_token'; payload?: Record<string, never>; language?: Language };
  /**
   * With the bearer token: the parent's chat screen has shown the thread up
   * to `through` (a message id), at `read_at`. It goes through the outbox, so
   * it names the parent and has a request_id and timestamp_ist like the
   * outbox's other items; it is not stored as a request (a repeat changes
   * nothing). Sent only while the device's read_receipts setting is on.
   */
  mark_read: {
    action: 'mark_read';
    user: User;
    payload: { through: string; read_at: string };
    request_id: string;
    timestamp_ist: string;
    language?: Language;
  };
}

export type ConversationRequest = ConversationRequests[ConversationAction];

export interface ThreadAttachment {
  filename: string;
  mimetype: string;
  size: number;
  /** Where to GET the bytes, with the same bearer token; resolved against the webhook's URL. */
  url: string;
}

export interface ThreadMessage {
  /** The message's place in the thread: a later message has a greater id (decimal digits). */
  id: string;
  /**
   * parent: the parent's own message; staff: a reply from a person on the
   * programme's team; event: a line saying what became of a request (staff
   * confirmed, offered another time or declined, or the parent accepted an
   * offer), with who answered in `author`. Shown as an event, not as a message.
   */
  from: 'parent' | 'staff' | 'event';
  text: string;
  /** ISO 8601 with its offset: when the parent sent it (their timestamp_ist), or when staff replied. */
  sent_at: string;
  /** The parent's message's request_id, so a message still in the portal's outbox is matched to it. */
  request_id?: string;
  /** Who replied, for staff messages; who answered, for event lines. */
  author?: string;
  attachments: ThreadAttachment[];
}

/** The newest of the parent's messages the programme has opened, and when it first did. */
export interface SeenMark {
  message_id: string;
  at: string;
}

export interface ConversationAnswers {
  request_code: { expires_at: string };
  verify_code: { token: string; expires_at: string };
  chat_thread: {
    messages: ThreadMessage[];
    cursor: string;
    more: boolean;
    /** Whatever the cursor: how far the programme has read (none yet: left out). */
    seen?: SeenMark;
    /**
     * This device's read_receipts setting: whether its chat screen tells the
     * programme what it showed. A backend without read receipts leaves it out.
     */
    read_receipts?: boolean;
  };
  revoke_token: { revoked: true };
  /** recorded: false when the device's read_receipts setting is off (nothing was kept). */
  mark_read: { recorded: boolean };
}
