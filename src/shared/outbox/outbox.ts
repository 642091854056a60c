/**
 * The outbox: every reschedule, accepted offer, chat and visitor request is stored here
 * before its first byte goes out, and leaves only after a 2xx or a discard.
 * Screens and the service worker use the same object over the same store.
 *
 * Guarantees (sender.ts has the sending policy):
 * - Write-ahead: `submit` stores the request, Blobs included, then asks for a
 *   pass. If the phone cannot store it, `submit` rejects with an
 *   OutboxStorageError and nothing was sent: the screen keeps the form.
 * - One sender: every send, first or not, happens in a pass of the sender,
 *   in the service worker when the page hands its passes over (`delegate`),
 *   so closing or reloading the page never cuts a send short, and no item is
 *   ever in flight twice.
 * - `submit` resolves with the answer when the pass carrying the request
 *   delivers it; rejects with the WebhookError of a refusal (and drops the
 *   stored copy: the screen still holds what was typed); or reports it
 *   'queued' when that pass could not deliver it, or gave no word in time.
 * - Items older than 7 days are flagged `stale` and still sent.
 * - Every change is announced to this context, other tabs and the worker.
 */
import { sendTimeoutMs } from '../webhook/client.ts';
import { WebhookError, type WebhookErrorJson } from '../webhook/errors.ts';
import { newRequestId } from '../webhook/request-id.ts';
import { defaultGuard, type ReplayGuard } from './guard.ts';
import { createNotifier, type OutboxNotifier } from './notify.ts';
import { FIRST_RETRY_MS, isStale } from './policy.ts';
import { createRetryTimer, setTimeoutTimer, type SetTimer } from './retry-timer.ts';
import { createSender } from './sender.ts';
import { createOutboxStore, requestPersistence, type OutboxStore } from './store.ts';
import type {
  DrainMode,
  EncodeBase64,
  OutboxEntry,
  OutboxEvent,
  OutboxItem,
  OutboxListener,
  PassReport,
  QueuedEnvelope,
  SendEnvelope,
} from './types.ts';

/** A pass handed to another context: it answers with OUTBOX_PASS_DONE carrying `ticket`. */
export interface PassRequest {
  mode: DrainMode;
  ticket: string;
}

export interface OutboxOptions {
  /** `(e) => sendToWebhook(e, { url })`. */
  send: SendEnvelope;
  /** Wire to src/shared/webhook/attachments.ts. */
  encodeBase64: EncodeBase64;
  store?: OutboxStore;
  guard?: ReplayGuard;
  notifier?: OutboxNotifier;
  now?: () => number;
  random?: () => number;
  requestPersistence?: () => Promise<unknown>;
  /** Awaited before an outcome is told (SenderDeps.keepOutcome). */
  keepOutcome?: (event: OutboxEvent) => Promise<void>;
  /** Backoff timer; `null` leaves passes to the caller's triggers only (the worker, stopped between events). */
  setTimer?: SetTimer | null;
  /** Hands a pass to another context (the page to its service worker); false when it cannot, and it runs here. */
  delegate?: (request: PassRequest) => boolean;
  /** How long to wait for a handed-over pass to say it ended. */
  passWaitMs?: number;
}

export type SubmitResult = { status: 'sent'; body: unknown } | { status: 'queued' };

export interface Outbox {
  /** Stores, then sends through the one sender. Rejects with the WebhookError of a refusal, or OutboxStorageError. */
  submit(envelope: QueuedEnvelope): Promise<SubmitResult>;
  /** Oldest first. */
  list(): Promise<OutboxEntry[]>;
  /** Items in any state: the 'N waiting to send' badge. */
  count(): Promise<number>;
  subscribe(listener: OutboxListener): () => void;
  /** A pass: app start, `online`, tab visible, 'Send Now', Background Sync. Undefined when handed over and unheard of. */
  drain(mode?: DrainMode, ticket?: string): Promise<PassReport | undefined>;
  /**
   * The pass a context makes when it starts, unless it has asked for one already: a send made before the start
   * tried every saved request in its pass, and trying one that just failed again at once would skip its backoff.
   */
  drainOnStart(): Promise<PassReport | undefined>;
  /** Moves a failed item back to the queue in its original place, then sends. */
  retry(id: string): Promise<PassReport | undefined>;
  discard(id: string): Promise<void>;
  /** Whether a screen of this context is waiting for this request's answer, and so tells the person itself. */
  awaited(id: string): boolean;
  /** Stops the timer and the channel (tests, benchmark, a closing worker). */
  close(): void;
}

const CHANGED: OutboxEvent = { type: 'OUTBOX_CHANGED' };
/** How long after its send must have ended a screen still waits for word of a request. */
const ANSWER_GRACE_MS = 10_000;
const DEFAULT_PASS_WAIT_MS = 60_000;

type Heard = { status: 'sent'; body: unknown } | { status: 'refused'; error: WebhookErrorJson } | { status: 'passed' };

/** The body's size before it is built: base64 makes bytes a third larger. */
function estimatedBodyBytes(envelope: QueuedEnvelope): number {
  const files = envelope.action === 'chat_facilitator' ? envelope.payload.attachments : [];
  return 4096 + files.reduce((sum, { blob }) => sum + Math.ceil((blob.size * 4) / 3), 0);
}

/** A request as first stored: due at once, never tried. */
export function newItem(envelope: QueuedEnvelope, seq: number, queuedAt: number): OutboxItem {
  return { id: envelope.request_id, seq, envelope, state: 'queued', attempts: 0, queuedAt, nextAttemptAt: queuedAt };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const store = options.store ?? createOutboxStore();
  const notifier = options.notifier ?? createNotifier();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const persist = options.requestPersistence ?? (() => requestPersistence());
  const passWaitMs = options.passWaitMs ?? DEFAULT_PASS_WAIT_MS;
  const sender = createSender({
    store,
    guard: options.guard ?? defaultGuard(),
    send: options.send,
    encodeBase64: options.encodeBase64,
    emit: (event) => notifier.emit(event),
    keepOutcome: options.keepOutcome,
    now,
    random,
  });
  const awaiting = new Set<string>();
  let persistenceAsked = false;
  const setTimer = options.setTimer === undefined ? setTimeoutTimer : options.setTimer;
  const timer = createRetryTimer(setTimer, now, () => {
    // Nobody awaits a timer: a failure is already recorded on the item, and the pass's end re-arms.
    drain('due').catch(() => undefined);
  });
  // Passes here or in the worker alike end with the moment the next one is due.
  const stopArming = setTimer
    ? notifier.subscribe((event) => {
        if (event.type === 'OUTBOX_PASS_DONE') timer.armAt(event.nextAttemptAt);
      })
    : () => undefined;

  /** Resolves with the first event `match` picks, or undefined after `ms`; listening starts at once. */
  function listenFor<T>(match: (event: OutboxEvent) => T | undefined, ms: number) {
    let stop: () => void = () => undefined;
    const result = new Promise<T | undefined>((resolve) => {
      const deadline = setTimeout(() => finish(undefined), ms);
      const unsubscribe = notifier.subscribe((event) => {
        const value = match(event);
        if (value !== undefined) finish(value);
      });
      function finish(value: T | undefined) {
        clearTimeout(deadline);
        unsubscribe();
        resolve(value);
      }
      stop = () => finish(undefined);
    });
    return { result, cancel: () => stop() };
  }

  let asked = false;
  function drain(mode: DrainMode = 'now', ticket: string = newRequestId()): Promise<PassReport | undefined> {
    asked = true;
    if (options.delegate) {
      const done = listenFor(
        (event) => (event.type === 'OUTBOX_PASS_DONE' && event.tickets.includes(ticket) ? event : undefined),
        passWaitMs,
      );
      if (options.delegate({ mode, ticket })) {
        return done.result.then((event) => {
          // No word from the worker (killed, or an old version): look again later from here.
          if (!event) timer.armBy(now() + FIRST_RETRY_MS);
          return (
            event && {
              delivered: event.delivered,
              failed: event.failed,
              waiting: event.waiting,
              nextAttemptAt: event.nextAttemptAt,
            }
          );
        });
      }
      done.cancel();
    }
    return sender.request(mode, ticket);
  }

  async function save(envelope: QueuedEnvelope): Promise<OutboxItem> {
    const queuedAt = now();
    const item = await store.add(envelope.request_id, (seq) => newItem(envelope, seq, queuedAt));
    notifier.emit(CHANGED);
    if (!persistenceAsked) {
      persistenceAsked = true;
      persist().catch(() => undefined);
    }
    return item;
  }

  async function forgetRefused(id: string, error: WebhookErrorJson): Promise<never> {
    await store.remove(id).catch(() => undefined);
    notifier.emit(CHANGED);
    throw WebhookError.fromJSON(error);
  }

  return {
    async submit(envelope) {
      const id = envelope.request_id;
      const ticket = newRequestId();
      const heard = listenFor<Heard>(
        (event) => {
          if (event.type === 'OUTBOX_DELIVERED' && event.id === id)
            return { status: 'sent', body: event.response.body };
          if (event.type === 'OUTBOX_FAILED' && event.id === id) return { status: 'refused', error: event.error };
          if (event.type === 'OUTBOX_PASS_DONE' && event.tickets.includes(ticket)) return { status: 'passed' };
          return undefined;
        },
        sendTimeoutMs(estimatedBodyBytes(envelope)) + ANSWER_GRACE_MS,
      );
      awaiting.add(id);
      try {
        await save(envelope);
      } catch (error) {
        heard.cancel();
        awaiting.delete(id);
        throw error;
      }
      // A pass that throws still ends with OUTBOX_PASS_DONE, which is what is awaited.
      drain('now', ticket).catch(() => undefined);
      const answer = await heard.result;
      if (answer?.status === 'sent') return answer;
      if (answer?.status === 'refused') return forgetRefused(id, answer.error);
      // The pass ended without a word on this item: it is still waiting, or another context settled it.
      const items = await store.all().catch(() => undefined);
      const item = items?.find((stored) => stored.id === id);
      if (items && !item) return { status: 'sent', body: undefined };
      if (item?.state === 'failed' && item.lastError) return forgetRefused(id, item.lastError);
      awaiting.delete(id);
      return { status: 'queued' };
    },
    list: async () => (await store.all()).map((item) => ({ ...item, stale: isStale(item, now()) })),
    count: () => store.count(),
    subscribe: (listener) => notifier.subscribe(listener),
    drain,
    drainOnStart: () => (asked ? Promise.resolve(undefined) : drain('now')),
    async retry(id) {
      await store.patch(id, (item) =>
        item.state === 'failed' ? { ...item, state: 'queued', nextAttemptAt: now() } : item,
      );
      notifier.emit(CHANGED);
      return drain('now');
    },
    async discard(id) {
      await store.remove(id);
      notifier.emit(CHANGED);
    },
    awaited: (id) => awaiting.has(id),
    close() {
      stopArming();
      timer.armAt(undefined);
      notifier.close();
    },
  };
}
