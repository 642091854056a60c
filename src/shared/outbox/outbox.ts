/**
 * The outbox: where a reschedule or chat submission waits when the network or
 * the server fails it, until it is delivered exactly as first built. Screens
 * and the service worker use the same object over the same IndexedDB store.
 *
 * Guarantees (see replayer.ts for the replay policy):
 * - Nothing is dropped silently: an item leaves only after a 2xx or when the
 *   parent discards it; a refused item waits in 'failed' for Retry or Discard.
 * - One item per `request_id`; every attempt sends that id and the original
 *   `timestamp_ist`; after a 2xx the client never sends it again.
 * - If the phone cannot store an item, `submit`/`enqueue` reject with an
 *   OutboxStorageError and nothing was saved: the screen keeps the form.
 * - Items older than 7 days are flagged `stale` and still sent.
 * - A new `submit` goes out at once even while older items wait: the parent
 *   is waiting for its answer, so order is kept within the queue only.
 * - Every change is announced to this context, other tabs and the worker.
 */
import type { WebhookResponse } from '../webhook/client.ts';
import type { WebhookError } from '../webhook/errors.ts';
import { defaultGuard, type ReplayGuard } from './guard.ts';
import { createNotifier, type OutboxNotifier } from './notify.ts';
import { requestPersistence } from './persistence.ts';
import { FIRST_RETRY_MS, isStale, retryDelay, shouldQueue } from './policy.ts';
import { replay, type ReplayDeps, type ReplayMode } from './replayer.ts';
import { createRetryTimer, setTimeoutTimer, type SetTimer } from './retry-timer.ts';
import { createOutboxStore, type OutboxStore } from './store.ts';
import type {
  EncodeBase64,
  OutboxEntry,
  OutboxEvent,
  OutboxItem,
  OutboxListener,
  QueuedEnvelope,
  ReplayReport,
  SendEnvelope,
} from './types.ts';
import { toWireEnvelope } from './wire.ts';

export interface OutboxOptions {
  /** `(e) => sendToWebhook(e, { url: env.webhookUrl })`. */
  send: SendEnvelope;
  /** Wire to src/shared/webhook/attachments.ts. */
  encodeBase64: EncodeBase64;
  store?: OutboxStore;
  guard?: ReplayGuard;
  notifier?: OutboxNotifier;
  now?: () => number;
  random?: () => number;
  requestPersistence?: () => Promise<unknown>;
  /** Backoff timer; `null` leaves replays to the caller's triggers only. */
  setTimer?: SetTimer | null;
}

export type SubmitResult = { status: 'sent'; response: WebhookResponse } | { status: 'queued'; item: OutboxItem };

export interface Outbox {
  /** Sends now; on a retryable failure queues instead. Rejects with the WebhookError of a refusal, or OutboxStorageError. */
  submit(envelope: QueuedEnvelope): Promise<SubmitResult>;
  /** Queues an envelope whose send failed with `cause` (or that was never tried). Idempotent per `request_id`. */
  enqueue(envelope: QueuedEnvelope, cause?: WebhookError): Promise<OutboxItem>;
  /** Oldest first. */
  list(): Promise<OutboxEntry[]>;
  /** Items in any state: the 'N waiting to send' badge. */
  count(): Promise<number>;
  subscribe(listener: OutboxListener): () => void;
  /** Sends what is queued now, ignoring backoff: app start, `online`, tab visible, 'Send now', Background Sync. */
  replayNow(): Promise<ReplayReport>;
  /** Moves a failed item back to the queue in its original place, then replays. */
  retry(id: string): Promise<ReplayReport>;
  discard(id: string): Promise<void>;
  /** Stops the timer and the channel (tests, benchmark, a closing worker). */
  close(): void;
}

const CHANGED: OutboxEvent = { type: 'OUTBOX_CHANGED' };

export function createOutbox(options: OutboxOptions): Outbox {
  const store = options.store ?? createOutboxStore();
  const notifier = options.notifier ?? createNotifier();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const persist = options.requestPersistence ?? (() => requestPersistence());
  const deps: ReplayDeps = {
    store,
    guard: options.guard ?? defaultGuard(),
    send: options.send,
    encodeBase64: options.encodeBase64,
    emit: (event) => notifier.emit(event),
    now,
    random,
  };
  let persistenceAsked = false;
  const timer = createRetryTimer(options.setTimer === undefined ? setTimeoutTimer : options.setTimer, now, () => {
    // Nobody awaits a timer: a failure is already recorded on the item, and run() re-arms.
    run('due').catch(() => undefined);
  });

  async function run(mode: ReplayMode): Promise<ReplayReport> {
    try {
      const report = await replay(deps, mode);
      // When another context holds the replay, look again soon in case it closes before finishing.
      timer.armAt(report.ran ? report.nextAttemptAt : now() + FIRST_RETRY_MS);
      return report;
    } catch (error) {
      timer.armAt(now() + FIRST_RETRY_MS);
      throw error;
    }
  }

  async function enqueue(envelope: QueuedEnvelope, cause?: WebhookError): Promise<OutboxItem> {
    const queuedAt = now();
    const attempts = cause ? 1 : 0;
    const item = await store.add(envelope.request_id, (seq) => ({
      id: envelope.request_id,
      seq,
      envelope,
      state: 'queued',
      attempts,
      ...(cause ? { lastError: cause.toJSON() } : {}),
      queuedAt,
      nextAttemptAt: attempts > 0 ? queuedAt + retryDelay(attempts, random) : queuedAt,
    }));
    notifier.emit(CHANGED);
    if (!persistenceAsked) {
      persistenceAsked = true;
      persist().catch(() => undefined);
    }
    if (item.state === 'queued') timer.armBy(item.nextAttemptAt);
    return item;
  }

  return {
    async submit(envelope) {
      try {
        return { status: 'sent', response: await options.send(await toWireEnvelope(envelope, options.encodeBase64)) };
      } catch (error) {
        if (!shouldQueue(error)) throw error;
        return { status: 'queued', item: await enqueue(envelope, error) };
      }
    },
    enqueue,
    list: async () => (await store.all()).map((item) => ({ ...item, stale: isStale(item, now()) })),
    count: () => store.count(),
    subscribe: (listener) => notifier.subscribe(listener),
    replayNow: () => run('now'),
    async retry(id) {
      await store.patch(id, (item) =>
        item.state === 'failed' ? { ...item, state: 'queued', nextAttemptAt: now() } : item,
      );
      notifier.emit(CHANGED);
      return run('now');
    },
    async discard(id) {
      await store.remove(id);
      notifier.emit(CHANGED);
    },
    close() {
      timer.armAt(undefined);
      notifier.close();
    },
  };
}
