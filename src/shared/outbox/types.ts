import type { WebhookResponse } from '../webhook/client.ts';
import type { WebhookErrorJson } from '../webhook/errors.ts';
import type { Envelope } from '../webhook/types.ts';

/** The submissions worth keeping when the network fails (issue 6); reads and visitor forms are not queued. */
export type OutboxAction = 'reschedule_single' | 'reschedule_range' | 'chat_facilitator';

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
export type QueuedEnvelope = Envelope<'reschedule_single'> | Envelope<'reschedule_range'> | ChatEnvelopeWithBlobs;

/**
 * queued: waiting for its turn (or for its backoff to pass).
 * sending: a replayer is sending it now; found at the start of a run, it means
 *   the previous sender died mid-send, and it is sent again.
 * failed: the webhook refused it; kept until the parent chooses Retry or Discard.
 */
export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxItem {
  /** The envelope's `request_id`: one item per request, however many attempts. */
  id: string;
  /** Queue position, increasing in the order items were queued. */
  seq: number;
  envelope: QueuedEnvelope;
  state: OutboxState;
  /** Attempts that did not deliver, the first send included. */
  attempts: number;
  lastError?: WebhookErrorJson;
  /** Epoch milliseconds. */
  queuedAt: number;
  /** Epoch milliseconds before which timers leave the item alone (a manual send does not wait). */
  nextAttemptAt: number;
}

/** What `list()` returns: the stored item plus what the screen derives from the clock. */
export interface OutboxEntry extends OutboxItem {
  /** Queued more than 7 days ago; still sent like any other item. */
  stale: boolean;
}

export type OutboxEvent =
  | { type: 'OUTBOX_CHANGED' }
  | { type: 'OUTBOX_DELIVERED'; id: string; action: OutboxAction }
  | { type: 'OUTBOX_FAILED'; id: string; action: OutboxAction; error: WebhookErrorJson };

export type OutboxListener = (event: OutboxEvent) => void;

export type ReplayReport =
  /** Another tab or the service worker holds the replay; it will do the work. */
  | { ran: false }
  | {
      ran: true;
      delivered: number;
      failed: number;
      /** Items still queued after this run. */
      waiting: number;
      /** When the oldest waiting item may next be tried by a timer. */
      nextAttemptAt: number | undefined;
    };

/** The webhook client with its address bound: `(e) => sendToWebhook(e, { url })`. */
export type SendEnvelope = (envelope: Envelope) => Promise<WebhookResponse>;

/** Blob → plain base64 without a `data:` prefix. */
export type EncodeBase64 = (blob: Blob) => Promise<string>;
