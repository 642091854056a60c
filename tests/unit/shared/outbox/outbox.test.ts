import 'fake-indexeddb/auto';
import type { UseStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { replayForBackgroundSync } from '../../../../src/shared/outbox/background-sync.ts';
import { OutboxStorageError } from '../../../../src/shared/outbox/errors.ts';
import { createNotifier } from '../../../../src/shared/outbox/notify.ts';
import type { SetTimer } from '../../../../src/shared/outbox/retry-timer.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import type { OutboxEvent } from '../../../../src/shared/outbox/types.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { clock, freshIdb, reschedule, scriptedWebhook, testOutbox } from './support.ts';

/** A timer the test fires by hand; like the outbox's own, only the latest arming counts. */
function manualTimer() {
  const armed: { run?: () => void; delayMs?: number } = {};
  const disarm = () => Object.assign(armed, { run: undefined, delayMs: undefined });
  const setTimer: SetTimer = (run, delayMs) => {
    const fire = () => {
      disarm();
      run();
    };
    Object.assign(armed, { run: fire, delayMs });
    return disarm;
  };
  return { setTimer, armed };
}

const full: (real: UseStore) => UseStore = (real) => (mode, callback) =>
  mode === 'readwrite'
    ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
    : real(mode, callback);

describe('submit', () => {
  it('sends at once and queues nothing when the webhook answers 2xx', async () => {
    const webhook = scriptedWebhook({ status: 200, body: '{"message":"Request noted"}' });
    const outbox = testOutbox({ send: webhook.send });
    expect(await outbox.submit(reschedule())).toEqual({
      status: 'sent',
      response: { status: 200, body: { message: 'Request noted' } },
    });
    expect(await outbox.count()).toBe(0);
  });

  it('queues the very envelope it tried when the send fails for a retryable reason', async () => {
    const webhook = scriptedWebhook('network');
    const outbox = testOutbox({ send: webhook.send });
    const envelope = reschedule();
    const result = await outbox.submit(envelope);
    expect(result).toMatchObject({ status: 'queued', item: { id: envelope.request_id, state: 'queued', attempts: 1 } });
    expect((await outbox.list())[0]?.envelope).toEqual(envelope);
    expect((await outbox.list())[0]?.lastError).toEqual({
      name: 'WebhookError',
      kind: 'network',
      message: 'Failed to fetch',
    });
  });

  it('rejects with the webhook’s refusal and queues nothing', async () => {
    const outbox = testOutbox({ send: scriptedWebhook({ status: 400, body: 'Invalid date' }).send });
    const error = await outbox.submit(reschedule()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid date' });
    expect(await outbox.count()).toBe(0);
  });

  it('rejects with a quota OutboxStorageError when the phone is full, saving nothing', async () => {
    const real = freshIdb();
    const outbox = testOutbox({ send: scriptedWebhook(503).send, store: createOutboxStore(full(real)) });
    const error = await outbox.submit(reschedule()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboxStorageError);
    expect(error).toMatchObject({ reason: 'quota' });
    expect(await createOutboxStore(real).count()).toBe(0);
  });
});

describe('outbox', () => {
  it('asks for persistent storage once, when the first item is queued', async () => {
    const requestPersistence = vi.fn(async () => true);
    const outbox = testOutbox({ send: scriptedWebhook(503).send, requestPersistence });
    await outbox.replayNow();
    expect(requestPersistence).not.toHaveBeenCalled();
    await outbox.enqueue(reschedule('2026-12-01'));
    await outbox.enqueue(reschedule('2026-12-02'));
    expect(requestPersistence).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers about every change, delivery and refusal', async () => {
    const outbox = testOutbox({ send: scriptedWebhook(200, { status: 403, body: 'Not your child' }).send });
    const events: OutboxEvent[] = [];
    const stop = outbox.subscribe((event) => events.push(event));
    const sent = await outbox.enqueue(reschedule('2026-12-01'));
    const refused = await outbox.enqueue(reschedule('2026-12-02'));
    await outbox.replayNow();
    stop();
    await outbox.discard(refused.id);

    expect(events.filter(({ type }) => type !== 'OUTBOX_CHANGED')).toEqual([
      { type: 'OUTBOX_DELIVERED', id: sent.id, action: 'reschedule_single' },
      {
        type: 'OUTBOX_FAILED',
        id: refused.id,
        action: 'reschedule_single',
        error: { name: 'WebhookError', kind: 'http', status: 403, message: 'Not your child' },
      },
    ]);
    expect(events[0]).toEqual({ type: 'OUTBOX_CHANGED' });
    expect(events.length).toBeGreaterThan(2);
  });

  it('announces changes to other tabs and the worker over a BroadcastChannel, ignoring foreign messages', async () => {
    const name = `test-outbox-${crypto.randomUUID()}`;
    const page = createNotifier(name);
    const worker = createNotifier(name);
    const heard = new Promise<OutboxEvent>((resolve) => worker.subscribe(resolve));
    const stranger = new BroadcastChannel(name);
    stranger.postMessage({ type: 'SOMETHING_ELSE' });
    page.emit({ type: 'OUTBOX_DELIVERED', id: 'r-1', action: 'chat_facilitator' });
    expect(await heard).toEqual({ type: 'OUTBOX_DELIVERED', id: 'r-1', action: 'chat_facilitator' });
    for (const closing of [page, worker, stranger]) closing.close();
  });

  it('arms the first retry within 5 seconds and waits out each backoff before the next', async () => {
    const time = clock();
    const timer = manualTimer();
    const webhook = scriptedWebhook(503, 503, 200);
    const outbox = testOutbox({ send: webhook.send, now: time.now, random: () => 0.999, setTimer: timer.setTimer });

    await outbox.submit(reschedule());
    expect(timer.armed.delayMs).toBeGreaterThan(0);
    expect(timer.armed.delayMs).toBeLessThanOrEqual(5_000);

    time.advance(timer.armed.delayMs ?? 0);
    timer.armed.run?.();
    await expect.poll(() => webhook.sent.length).toBe(2);
    await expect.poll(() => timer.armed.delayMs).toBeGreaterThan(5_000);
    expect(timer.armed.delayMs).toBeLessThanOrEqual(10_000);

    // A timer firing early (a sleeping phone's clock) must not send before the backoff has passed.
    timer.armed.run?.();
    await expect.poll(() => timer.armed.run).toBeDefined();
    expect(webhook.sent).toHaveLength(2);

    time.advance(timer.armed.delayMs ?? 0);
    timer.armed.run?.();
    await expect.poll(() => outbox.count()).toBe(0);
    expect(webhook.sent).toHaveLength(3);
    expect(timer.armed.run).toBeUndefined();
  });
});

describe('replayForBackgroundSync', () => {
  it.each([
    ['resolves when everything was delivered', { ran: true, delivered: 1, failed: 0, waiting: 0 }, false],
    ['resolves when another context holds the replay', { ran: false }, false],
    ['resolves when only refused items remain', { ran: true, delivered: 0, failed: 1, waiting: 0 }, false],
    ['rejects so the browser tries again while items wait', { ran: true, delivered: 0, failed: 0, waiting: 2 }, true],
  ] as const)('%s', async (_case, report, rejects) => {
    const outbox = { replayNow: async () => ({ nextAttemptAt: undefined, ...report }) };
    const outcome = replayForBackgroundSync(outbox);
    await (rejects
      ? expect(outcome).rejects.toThrow('2 outbox item(s) still waiting')
      : expect(outcome).resolves.toBe(undefined));
  });
});
