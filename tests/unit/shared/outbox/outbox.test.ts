import 'fake-indexeddb/auto';
import type { UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxStorageError } from '../../../../src/shared/outbox/errors.ts';
import { createNotifier } from '../../../../src/shared/outbox/notify.ts';
import type { SetTimer } from '../../../../src/shared/outbox/retry-timer.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import type { OutboxEvent, SendEnvelope } from '../../../../src/shared/outbox/types.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { clock, freshIdb, reschedule, scriptedWebhook, stored, testOutbox, type TestOutbox } from './support.ts';

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

/** A page and a worker over one store, speaking over a real BroadcastChannel: the page hands every pass over. */
function pageAndWorker(send: SendEnvelope, answer = true) {
  const channel = `test-outbox-${crypto.randomUUID()}`;
  const worker = testOutbox({ send, notifier: createNotifier(channel) });
  const handed: string[] = [];
  const page = testOutbox({
    send: () => Promise.reject(new Error('the page never sends while a worker controls it')),
    store: worker.store,
    notifier: createNotifier(channel),
    delegate: ({ mode, ticket }) => {
      handed.push(ticket);
      if (answer) void worker.drain(mode, ticket);
      return true;
    },
  });
  return { page, worker, handed };
}

let opened: TestOutbox[] = [];
afterEach(() => {
  for (const outbox of opened) outbox.close();
  opened = [];
});

describe('submit', () => {
  it('stores the request before its first byte goes out, and removes it once the webhook answers 2xx', async () => {
    let storedWhenSent: unknown;
    const outbox: TestOutbox = testOutbox({
      send: async () => {
        storedWhenSent = (await outbox.store.all()).map(({ state }) => state);
        return { status: 200, body: { message: 'Request noted' } };
      },
    });
    expect(await outbox.submit(reschedule())).toEqual({ status: 'sent', body: { message: 'Request noted' } });
    expect(storedWhenSent).toEqual(['sending']);
    expect(await outbox.count()).toBe(0);
  });

  it('keeps the very envelope it tried and reports it queued when the send fails for a retryable reason', async () => {
    const outbox = testOutbox({ send: scriptedWebhook('network').send });
    const envelope = reschedule();
    expect(await outbox.submit(envelope)).toEqual({ status: 'queued' });
    const [item] = await outbox.list();
    expect(item).toMatchObject({ id: envelope.request_id, state: 'queued', attempts: 1, envelope });
    expect(item?.lastError).toEqual({ name: 'WebhookError', kind: 'network', message: 'Failed to fetch' });
  });

  it('rejects with the webhook’s refusal and keeps no copy: the screen still has what was typed', async () => {
    const outbox = testOutbox({ send: scriptedWebhook({ status: 400, body: 'Invalid date' }).send });
    const error = await outbox.submit(reschedule()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid date' });
    expect(await outbox.count()).toBe(0);
  });

  it('rejects with a quota OutboxStorageError when the phone is full, and sends nothing', async () => {
    const real = freshIdb();
    const send = vi.fn(scriptedWebhook(200).send);
    const outbox = testOutbox({ send, store: createOutboxStore(full(real)) });
    const error = await outbox.submit(reschedule()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboxStorageError);
    expect(error).toMatchObject({ reason: 'quota' });
    expect(send).not.toHaveBeenCalled();
    expect(await createOutboxStore(real).count()).toBe(0);
  });

  it('sends a new request behind older ones still waiting, so they arrive in the order they were made', async () => {
    const webhook = scriptedWebhook(200);
    const outbox = testOutbox({ send: webhook.send });
    const older = [
      await stored(outbox.store, reschedule('2026-12-01')),
      await stored(outbox.store, reschedule('2026-12-02')),
    ];
    const newer = reschedule('2026-12-03');
    expect(await outbox.submit(newer)).toMatchObject({ status: 'sent' });
    expect(webhook.requestIds()).toEqual([...older.map(({ id }) => id), newer.request_id]);
  });

  it('reports it queued when an older request fails first, without trying the new one', async () => {
    const webhook = scriptedWebhook(503, 200);
    const outbox = testOutbox({ send: webhook.send });
    const older = await stored(outbox.store, reschedule('2026-12-01'));
    const newer = reschedule('2026-12-03');
    expect(await outbox.submit(newer)).toEqual({ status: 'queued' });
    expect(webhook.requestIds()).toEqual([older.id]);
    expect((await outbox.list()).map(({ id }) => id)).toEqual([older.id, newer.request_id]);
  });

  it('says which requests a screen of this context is answering itself', async () => {
    const outbox = testOutbox({ send: scriptedWebhook(200).send });
    const envelope = reschedule();
    expect(outbox.awaited(envelope.request_id)).toBe(false);
    await outbox.submit(envelope);
    expect(outbox.awaited(envelope.request_id)).toBe(true);
  });
});

describe('a page that hands its passes to the worker', () => {
  it('gets the answer of a send the worker made, over the channel', async () => {
    const webhook = scriptedWebhook({ status: 200, body: '{"message":"Seen by the worker"}' });
    const { page, worker, handed } = pageAndWorker(webhook.send);
    opened = [page, worker];
    expect(await page.submit(reschedule())).toEqual({ status: 'sent', body: { message: 'Seen by the worker' } });
    expect(handed).toHaveLength(1);
    expect(webhook.sent).toHaveLength(1);
  });

  it('gets a refusal from the worker as the WebhookError it was', async () => {
    const { page, worker } = pageAndWorker(scriptedWebhook({ status: 409, body: 'Already booked' }).send);
    opened = [page, worker];
    await expect(page.submit(reschedule())).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      message: 'Already booked',
    });
    expect(await page.count()).toBe(0);
  });

  it('reports it queued when the worker’s pass ends without delivering it', async () => {
    const { page, worker } = pageAndWorker(scriptedWebhook('network').send);
    opened = [page, worker];
    expect(await page.submit(reschedule())).toEqual({ status: 'queued' });
    expect((await page.list()).map(({ state }) => state)).toEqual(['queued']);
  });

  it('reports it queued, still stored, when the worker never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { page, worker } = pageAndWorker(scriptedWebhook(200).send, false);
      opened = [page, worker];
      const result = page.submit(reschedule());
      await vi.waitFor(async () => expect(await page.count()).toBe(1));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await result).toEqual({ status: 'queued' });
      expect(await page.count()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('outbox', () => {
  it('asks for persistent storage once, when the first request is stored', async () => {
    const requestPersistence = vi.fn(async () => true);
    const outbox = testOutbox({ send: scriptedWebhook(503).send, requestPersistence });
    await outbox.drain();
    expect(requestPersistence).not.toHaveBeenCalled();
    await outbox.submit(reschedule('2026-12-01'));
    await outbox.submit(reschedule('2026-12-02'));
    expect(requestPersistence).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers about every change, each attempt’s outcome and the end of each pass', async () => {
    const webhook = scriptedWebhook(200, { status: 403, body: 'Not your child' }, 503);
    const outbox = testOutbox({ send: webhook.send });
    const events: OutboxEvent[] = [];
    const stop = outbox.subscribe((event) => events.push(event));
    const sent = await stored(outbox.store, reschedule('2026-12-01'));
    const refused = await stored(outbox.store, reschedule('2026-12-02'));
    const later = await stored(outbox.store, reschedule('2026-12-03'));
    await outbox.drain('now', 'ticket-1');
    stop();

    expect(events.filter(({ type }) => type !== 'OUTBOX_CHANGED')).toEqual([
      { type: 'OUTBOX_DELIVERED', id: sent.id, action: 'reschedule_single', response: { status: 200, body: '' } },
      {
        type: 'OUTBOX_FAILED',
        id: refused.id,
        action: 'reschedule_single',
        error: { name: 'WebhookError', kind: 'http', status: 403, message: 'Not your child' },
      },
      {
        type: 'OUTBOX_DEFERRED',
        id: later.id,
        action: 'reschedule_single',
        error: { name: 'WebhookError', kind: 'http', status: 503, message: 'Failed to submit request' },
      },
      {
        type: 'OUTBOX_PASS_DONE',
        tickets: ['ticket-1'],
        delivered: 1,
        failed: 1,
        waiting: [later.id],
        nextAttemptAt: expect.any(Number) as number,
      },
    ]);
  });

  it('announces events to other tabs and the worker over a BroadcastChannel, ignoring foreign messages', async () => {
    const name = `test-outbox-${crypto.randomUUID()}`;
    const page = createNotifier(name);
    const worker = createNotifier(name);
    const heard = new Promise<OutboxEvent>((resolve) => worker.subscribe(resolve));
    const stranger = new BroadcastChannel(name);
    stranger.postMessage({ type: 'SOMETHING_ELSE' });
    const event: OutboxEvent = {
      type: 'OUTBOX_DELIVERED',
      id: 'r-1',
      action: 'chat_facilitator',
      response: { status: 200, body: 'ok' },
    };
    page.emit(event);
    expect(await heard).toEqual(event);
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

  it('makes its start pass only when nothing has asked for one: a send just refused waits out its backoff', async () => {
    const webhook = scriptedWebhook(503, 200);
    const outbox = testOutbox({ send: webhook.send, setTimer: manualTimer().setTimer });
    // A parent quicker than the app's start: the send is made, and refused, before the start pass is asked for.
    expect(await outbox.submit(reschedule())).toEqual({ status: 'queued' });
    expect(await outbox.drainOnStart()).toBeUndefined();
    expect(webhook.sent).toHaveLength(1);

    // A context that starts with a request saved on an earlier visit sends it at once.
    const later = testOutbox({ send: webhook.send, store: outbox.store, setTimer: manualTimer().setTimer });
    expect(await later.drainOnStart()).toMatchObject({ delivered: 1, waiting: [] });
    expect(webhook.sent).toHaveLength(2);
  });

  it('folds passes asked for while one runs into a single next pass', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const webhook = scriptedWebhook(200);
    const outbox = testOutbox({
      send: async (envelope) => {
        await gate;
        return webhook.send(envelope);
      },
    });
    const passes: string[][] = [];
    outbox.subscribe((event) => {
      if (event.type === 'OUTBOX_PASS_DONE') passes.push(event.tickets);
    });
    await stored(outbox.store, reschedule());
    const first = outbox.drain('now', 'a');
    await expect.poll(async () => (await outbox.list())[0]?.state).toBe('sending');
    const asked = ['b', 'c', 'd'].map((ticket) => outbox.drain('due', ticket));
    release();
    await Promise.all([first, ...asked]);
    expect(passes).toEqual([['a'], ['b', 'c', 'd']]);
    expect(webhook.sent).toHaveLength(1);
  });
});
