/**
 * Sends what the outbox holds. Policy, in the manner of Workbox's Queue:
 * - Oldest first, one at a time, under a guard so only one tab or the service
 *   worker replays at once; a context that finds the guard taken returns
 *   `{ ran: false }` at once and leaves the work to the holder.
 * - Each item goes out as first built: same `request_id`, same
 *   `timestamp_ist`, through the same webhook client as a first send.
 * - An item is removed only after a 2xx. Unlike Workbox, a failed answer is
 *   never counted as delivered and 5xx is retried: on network failure,
 *   timeout, 408, 429 or 5xx the item goes back in its place with a longer
 *   wait, and the run stops (whatever failed will fail for the items behind
 *   it too, and stopping keeps the parent's messages in order).
 * - Any other answer moves the item to 'failed' with the server's text, kept
 *   until Retry or Discard; the run goes on with the next item.
 * - Anything else that goes wrong (an attachment that cannot be read) puts the
 *   item back like a retryable failure and rethrows: nothing is lost.
 * - An item found 'sending' at the start of a run was left by a sender that
 *   died; it is sent again with the same `request_id`, so delivery is at least
 *   once and the webhook can drop the repeat. After a 2xx the client itself
 *   never sends the item again.
 */
import { isRetryable, WebhookError } from '../webhook/errors.ts';
import type { RenewGuard, ReplayGuard } from './guard.ts';
import { retryDelay } from './policy.ts';
import type { OutboxStore } from './store.ts';
import type { EncodeBase64, OutboxEvent, OutboxItem, ReplayReport, SendEnvelope } from './types.ts';
import { toWireEnvelope } from './wire.ts';

export interface ReplayDeps {
  store: OutboxStore;
  guard: ReplayGuard;
  send: SendEnvelope;
  encodeBase64: EncodeBase64;
  emit: (event: OutboxEvent) => void;
  now: () => number;
  random: () => number;
}

/** 'now' sends the oldest item whatever its backoff (a person or the network asked); 'due' waits for it. */
export type ReplayMode = 'now' | 'due';

type Attempt = 'delivered' | 'failed' | 'later' | 'gone';

const CHANGED: OutboxEvent = { type: 'OUTBOX_CHANGED' };

export async function replay(deps: ReplayDeps, mode: ReplayMode): Promise<ReplayReport> {
  const outcome = await deps.guard.run((renew) => drain(deps, mode, renew));
  return outcome.ran ? outcome.value : { ran: false };
}

const pending = async (store: OutboxStore) => (await store.all()).filter((item) => item.state !== 'failed');

async function drain(deps: ReplayDeps, mode: ReplayMode, renew: RenewGuard): Promise<ReplayReport> {
  let delivered = 0;
  let failed = 0;
  const report = (waiting: OutboxItem[]): ReplayReport => ({
    ran: true,
    delivered,
    failed,
    waiting: waiting.length,
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

/** Items a dead sender left 'sending' read as queued again, so the screen never shows a send nobody is making. */
async function recoverOrphans(deps: ReplayDeps): Promise<void> {
  const orphans = (await deps.store.all()).filter((item) => item.state === 'sending');
  for (const orphan of orphans) {
    await deps.store.patch(orphan.id, (item) => ({ ...item, state: 'queued' }));
  }
  if (orphans.length > 0) deps.emit(CHANGED);
}

async function attempt(deps: ReplayDeps, item: OutboxItem): Promise<Attempt> {
  const sending = await deps.store.patch(item.id, (current) => ({ ...current, state: 'sending' }));
  if (!sending) return 'gone';
  deps.emit(CHANGED);
  const action = sending.envelope.action;
  try {
    await deps.send(await toWireEnvelope(sending.envelope, deps.encodeBase64));
  } catch (error) {
    const webhookError = error instanceof WebhookError ? error : undefined;
    if (webhookError && !isRetryable(webhookError)) {
      const lastError = webhookError.toJSON();
      await deps.store.patch(item.id, (current) => ({
        ...current,
        state: 'failed',
        attempts: current.attempts + 1,
        lastError,
      }));
      deps.emit({ type: 'OUTBOX_FAILED', id: item.id, action, error: lastError });
      return 'failed';
    }
    await deps.store.patch(item.id, (current) => ({
      ...current,
      state: 'queued',
      attempts: current.attempts + 1,
      nextAttemptAt: deps.now() + retryDelay(current.attempts + 1, deps.random),
      lastError: webhookError ? webhookError.toJSON() : current.lastError,
    }));
    deps.emit(CHANGED);
    if (!webhookError) throw error;
    return 'later';
  }
  await deps.store.remove(item.id);
  deps.emit({ type: 'OUTBOX_DELIVERED', id: item.id, action });
  return 'delivered';
}
