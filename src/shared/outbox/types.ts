import type { WebhookResponse } from '../webhook/client.ts';
import type { WebhookErrorJson } from '../webhook/errors.ts';
import type { AnnouncementsRequests } from '../webhook/announcements.ts';
import type { ConversationRequests } from '../webhook/conversation.ts';
import type { RequestsRequests } from '../webhook/requests.ts';
import type { Envelope } from '../webhook/types.ts';

/**
 * Every submission a person makes goes through the outbox, the read marks
 * included (an announcement opened, the chat's replies shown); only reads
 * (the schedule, the thread, the requests and announcements lists) do not.
 */
export type OutboxAction =
  | 'reschedule_single'
  | 'reschedule_range'
  | 'chat_facilitator'
  | 'book_consult'
  | 'schedule_call'
  | 'accept_offer'
  | 'mark_announcement_seen'
  | 'mark_read';

/** A chat attachment as the person picked it; turned into base64 only at send time. */
export interface BlobAttachment {
  filename: string;
  mimetype: string;
  blob: Blob;
}

export type ChatEnvelopeWithBlobs = Omit<Envelope<'chat_facilitator'>, 'payload'> & {
  payload: { message: string; attachments: BlobAttachment[] };
};

/** The full envelope as built for the first send (same `request_id` and `timestamp_ist`), with Blobs for files. */
export type QueuedEnvelope =
  | Envelope<'reschedule_single'>
  | Envelope<'reschedule_range'>
  | ChatEnvelopeWithBlobs
  | Envelope<'book_consult'>
  | Envelope<'schedule_call'>
  | RequestsRequests['accept_offer']
  | AnnouncementsRequests['mark_announcement_seen']
  | ConversationRequests['mark_read'];

/**
 * queued: waiting for its turn (or for its backoff to pass).
 * sending: the sender holding the outbox lock is sending it now. Only that
 *   sender marks items so; one found at the start of a pass was left by a
 *   sender that died mid-send (its lock went with it), and it is sent again.
 * failed: the webhook refused it; kept until the person chooses Retry or Discard.
 */
export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxItem {
  /** The envelope's `request_id`: one item per request, however many attempts. */
  id: string;
  /** Queue position, increasing in the order items were stored. */
  seq: number;
  envelope: QueuedEnvelope;
  state: OutboxState;
  /** Attempts that did not deliver. */
  attempts: number;
  lastError?: WebhookErrorJson;
  /** Epoch milliseconds. */
  queuedAt: number;
  /** Epoch milliseconds before which a 'due' pass leaves the item alone (a 'now' pass does not wait). */
  nextAttemptAt: number;
}

/** What `list()` returns: the stored item plus what the screen derives from the clock. */
export interface OutboxEntry extends OutboxItem {
  /** Stored more than 7 days ago; still sent like any other item. */
  stale: boolean;
}

/** 'now' sends the oldest item whatever its backoff (a person or the network asked); 'due' waits for it. */
export type DrainMode = 'now' | 'due';

/** What one pass of the sender did, from the moment it held the lock until it let go. */
export interface PassReport {
  delivered: number;
  failed: number;
  /** Ids still queued after the pass, oldest first. */
  waiting: string[];
  /** When the oldest waiting item may next be tried by a 'due' pass. */
  nextAttemptAt: number | undefined;
}

/**
 * What the outbox tells every context (this one, other tabs, the worker):
 * changes to show, each attempt's outcome, and the end of each pass with the
 * tickets of the requests it served, so whoever asked for it knows it ran.
 */
export type OutboxEvent =
  | { type: 'OUTBOX_CHANGED' }
  | { type: 'OUTBOX_DELIVERED'; id: string; action: OutboxAction; response: WebhookResponse }
  | { type: 'OUTBOX_FAILED'; id: string; action: OutboxAction; error: WebhookErrorJson }
  | { type: 'OUTBOX_DEFERRED'; id: string; action: OutboxAction; error: WebhookErrorJson }
  | ({ type: 'OUTBOX_PASS_DONE'; tickets: string[] } & PassReport);

export type OutboxListener = (event: OutboxEvent) => void;

/** What goes on the wire for an item: its envelope with files as base64. */
export type WireEnvelope =
  | Envelope
  | RequestsRequests['accept_offer']
  | AnnouncementsRequests['mark_announcement_seen']
  | ConversationRequests['mark_read'];

/** The webhook client with its address bound: `(e) => sendToWebhook(e, { url })`. */
export type SendEnvelope = (envelope: WireEnvelope) => Promise<WebhookResponse>;

/** Blob → plain base64 without a `data:` prefix. */
export type EncodeBase64 = (blob: Blob) => Promise<string>;
