/**
 * The one sender: every send of a stored request, first or not, is made here,
 * in the service worker when one controls the page, else in the page. Policy,
 * in the manner of Workbox's Queue:
 * - A pass runs only while it holds the outbox lock (guard.ts), so across
 *   every tab and the worker one pass sends at a time, and an item marked
 *   'sending' belongs to a live pass. In one context, requests for a pass
 *   that come while one runs are folded into a single next pass.
 * - Oldest first, one at a time. Each item goes out as first built: same
 *   `request_id`, same `timestamp_ist`, through the one webhook client.
 * - An item is removed only after a 2xx. Unlike Workbox, a failed answer is
 *   never counted as delivered and 5xx is retried: on network failure,
 *   timeout, 408, 429 or 5xx the item goes back in its place with a longer
 *   wait, and the pass stops (what failed will fail for the items behind it
 *   too, and stopping keeps a person's requests in order).
 * - Any other answer moves the item to 'failed' with the server's text, kept
 *   until Retry or Discard; the pass goes on with the next item. A refusal
 *   that leaves the person nothing to decide (policy.ts, isMootRefusal: a
 *   read mark of a withdrawn announcement) removes the item quietly instead.
 * - Anything else that goes wrong (an attachment that cannot be read) puts the
 *   item back like a retryable failure and rethrows: nothing is lost.
 * - An item found 'sending' when a pass starts was left by a sender that died
 *   mid-send (the lock is free only once it is gone); it is sent again with
 *   the same `request_id`. So delivery is at least once, and only a sender
 *   killed between the webhook's accepting and its answer arriving causes a
 *   second delivery, which the webhook drops by `request_id`.
 */
import { isRetryable, WebhookError } from '../webhook/errors.ts';
import type { RenewGuard, ReplayGuard } from './guard.ts';
import { isMootRefusal, retryDelay } from './policy.ts';
import type { OutboxStore } from './store.ts';
import type { DrainMode, EncodeBase64, OutboxEvent, OutboxItem, PassReport, SendEnvelope } from './types.ts';
import { toWireEnvelope } from './wire.ts';

export interface SenderDeps {
  store: OutboxStore;
  guard: ReplayGuard;
  send: SendEnvelope;
  encodeBase64: EncodeBase64;
  emit: (event: OutboxEvent) => void;
  /**
   * Awaited before an outcome (delivered, refused) is emitted, and never rejects: the worker keeps it there
   * for a page that starts too late to hear it (untold.ts).
   */
  keepOutcome?: (event: OutboxEvent) => Promise<void>;
  now: () => number;
  random: () => number;
}

export interface Sender {
  /** Runs a pass (or joins the next one); resolves with its report once it has ended. `ticket` is echoed in OUTBOX_PASS_DONE. */
  request(mode: DrainMode, ticket?: string): Promise<PassReport>;
}

type Attempt = 'delivered' | 'failed' | 'later' | 'gone' | 'dropped';

interface NextPass {
  mode: DrainMode;
  tickets: string[];
  settle: { resolve: (report: PassReport) => void; reject: (error: unknown) => void }[];
}

const CHANGED: OutboxEvent = { type: 'OUTBOX_CHANGED' };

const pending = async (store: OutboxStore) => (await store.all()).filter((item) => item.state !== 'failed');

export function createSender(deps: SenderDeps): Sender {
  let next: NextPass | undefined;
  let running = false;

  async function runPass(pass: NextPass): Promise<PassReport> {
    let report: PassReport | undefined;
    try {
      report = await deps.guard.run((renew) => drain(deps, pass.mode, renew));
      return report;
    } finally {
      // Whoever asked for this pass hears that it ended, even when it threw.
      const ended = report ?? (await waitingNow(deps));
      deps.emit({ type: 'OUTBOX_PASS_DONE', tickets: pass.tickets, ...ended });
    }
  }

  async function loop(): Promise<void> {
    running = true;
    while (next) {
      const pass = next;
      next = undefined;
      try {
        const report = await runPass(pass);
        for (const { resolve } of pass.settle) resolve(report);
      } catch (error) {
        for (const { reject } of pass.settle) reject(error);
      }
    }
    running = false;
  }

  return {
    request(mode, ticket) {
      return new Promise<PassReport>((resolve, reject) => {
        next ??= { mode, tickets: [], settle: [] };
        if (mode === 'now') next.mode = 'now';
        if (ticket) next.tickets.push(ticket);
        next.settle.push({ resolve, reject });
        if (!running) void loop();
      });
    },
  };
}

async function waitingNow(deps: SenderDeps): Promise<PassReport> {
  const waiting = await pending(deps.store).catch(() => []);
  return { delivered: 0, failed: 0, waiting: waiting.map(({ id }) => id), nextAttemptAt: waiting[0]?.nextAttemptAt };
}

async function drain(deps: SenderDeps, mode: DrainMode, renew: RenewGuard): Promise<PassReport> {
  let delivered = 0;
  let failed = 0;
  const report = (waiting: OutboxItem[]): PassReport => ({
    delivered,
    failed,
    waiting: waiting.map(({ id }) => id),
    nextAttemptAt: waiting[0]?.nextAttemptAt,
  });
  let ignoreBackoff = mode === 'now';
  await recoverOrphans(deps);
  for (;;) {
    const waiting = await pending(deps.store);
    const head = waiting[0];
    if (!head || (!ignoreBackoff && head.nextAttemptAt > deps.now())) return report(waiting);
    if (!(await renew())) return report(waiting);
    const result = await attempt(deps, head);
    if (result === 'later') return report(await pending(deps.store));
    if (result === 'failed') failed += 1;
    if (result === 'delivered') {
      delivered += 1;
      // A delivery proves the way is clear: the rest need not sit out their backoff.
      ignoreBackoff = true;
    }
  }
}

/** Items a dead sender left 'sending' are queued again; this pass holds the lock, so their sender is gone. */
async function recoverOrphans(deps: SenderDeps): Promise<void> {
  const orphans = (await deps.store.all()).filter((item) => item.state === 'sending');
  for (const orphan of orphans) {
    await deps.store.patch(orphan.id, (item) => ({ ...item, state: 'queued' }));
  }
  if (orphans.length > 0) deps.emit(CHANGED);
}

async function attempt(deps: SenderDeps, item: OutboxItem): Promise<Attempt> {
  const sending = await deps.store.patch(item.id, (current) => ({ ...current, state: 'sending' }));
  if (!sending) return 'gone';
  deps.emit(CHANGED);
  const { action } = sending.envelope;
  let response;
  try {
    response = await deps.send(await toWireEnvelope(sending.envelope, deps.encodeBase64));
  } catch (error) {
    const webhookError = error instanceof WebhookError ? error : undefined;
    if (webhookError && isMootRefusal(action, webhookError)) {
      await deps.store.remove(item.id);
      deps.emit(CHANGED);
      return 'dropped';
    }
    if (webhookError && !isRetryable(webhookError)) {
      const lastError = webhookError.toJSON();
      await deps.store.patch(item.id, (current) => ({
        ...current,
        state: 'failed',
        attempts: current.attempts + 1,
        lastError,
      }));
      await tellOutcome(deps, { type: 'OUTBOX_FAILED', id: item.id, action, error: lastError });
      return 'failed';
    }
    await deps.store.patch(item.id, (current) => ({
      ...current,
      state: 'queued',
      attempts: current.attempts + 1,
      nextAttemptAt: deps.now() + retryDelay(current.attempts + 1, deps.random),
      lastError: webhookError ? webhookError.toJSON() : current.lastError,
    }));
    if (!webhookError) {
      deps.emit(CHANGED);
      throw error;
    }
    deps.emit({ type: 'OUTBOX_DEFERRED', id: item.id, action, error: webhookError.toJSON() });
    return 'later';
  }
  await deps.store.remove(item.id);
  await tellOutcome(deps, { type: 'OUTBOX_DELIVERED', id: item.id, action, response });
  return 'delivered';
}

async function tellOutcome(deps: SenderDeps, event: OutboxEvent): Promise<void> {
  await deps.keepOutcome?.(event);
  deps.emit(event);
}
