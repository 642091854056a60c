import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { STALE_AFTER_MS } from '../../../../src/shared/outbox/policy.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { chat, clock, reschedule, scriptedWebhook, stored, testOutbox } from './support.ts';

describe('the sender', () => {
  it('sends the oldest item first, one at a time, in the order they were queued', async () => {
    const webhook = scriptedWebhook(200);
    const outbox = testOutbox({ send: webhook.send });
    const queued = [];
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']) {
      queued.push(await stored(outbox.store, reschedule(date)));
    }
    expect((await outbox.list()).map(({ id }) => id)).toEqual(queued.map(({ id }) => id));
    expect(await outbox.drain()).toEqual({ delivered: 4, failed: 0, waiting: [], nextAttemptAt: undefined });
    expect(webhook.requestIds()).toEqual(queued.map(({ id }) => id));
  });

  it('removes an item only once the webhook has answered 2xx', async () => {
    const failing = testOutbox({ send: scriptedWebhook(503).send });
    await stored(failing.store, reschedule());
    await failing.drain();
    expect(await failing.count()).toBe(1);

    let answer: () => void = () => undefined;
    const outbox = testOutbox({
      store: failing.store,
      send: () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: '' }))),
    });
    const replaying = outbox.drain();
    await expect.poll(async () => (await outbox.list())[0]?.state).toBe('sending');
    expect(await outbox.count()).toBe(1);
    answer();
    await replaying;
    expect(await outbox.count()).toBe(0);
  });

  it('sends the same request id and timestamp on every attempt and never again after a 2xx', async () => {
    const webhook = scriptedWebhook(503, 502, 200);
    const outbox = testOutbox({ send: webhook.send });
    const envelope = reschedule();
    await stored(outbox.store, envelope);
    for (let run = 0; run < 4; run += 1) await outbox.drain();
    expect(webhook.requestIds()).toEqual([envelope.request_id, envelope.request_id, envelope.request_id]);
    expect(webhook.sent.map(({ timestamp_ist }) => timestamp_ist)).toEqual(Array(3).fill(envelope.timestamp_ist));
    expect(webhook.sent[2]).toEqual(envelope);
    expect(await outbox.count()).toBe(0);
  });

  it('stops at the first retryable failure, leaving the items behind it untried and in order', async () => {
    const webhook = scriptedWebhook(200, 503, 200);
    const outbox = testOutbox({ send: webhook.send });
    const [first, second, third] = [
      await stored(outbox.store, reschedule('2026-12-01')),
      await stored(outbox.store, reschedule('2026-12-02')),
      await stored(outbox.store, reschedule('2026-12-03')),
    ];
    const report = await outbox.drain();
    expect(report).toMatchObject({ delivered: 1, failed: 0, waiting: [second.id, third.id] });
    expect(webhook.requestIds()).toEqual([first.id, second.id]);
    const items = await outbox.list();
    expect(items.map(({ id, attempts }) => ({ id, attempts }))).toEqual([
      { id: second.id, attempts: 1 },
      { id: third.id, attempts: 0 },
    ]);
  });

  it('keeps the item and the ones behind it when the pass throws midway', async () => {
    let unreadable = true;
    const webhook = scriptedWebhook(200);
    const outbox = testOutbox({
      send: webhook.send,
      encodeBase64: async (blob) => {
        if (unreadable) throw new DOMException('The file could not be read', 'NotReadableError');
        return Buffer.from(await blob.arrayBuffer()).toString('base64');
      },
    });
    const before = await stored(outbox.store, reschedule());
    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    const broken = await stored(outbox.store, chat('See attached', [photo]));
    const after = await stored(outbox.store, reschedule('2026-12-05'));

    await expect(outbox.drain()).rejects.toThrow('The file could not be read');
    expect(webhook.requestIds()).toEqual([before.id]);
    const items = await outbox.list();
    expect(items.map(({ id, state, attempts }) => ({ id, state, attempts }))).toEqual([
      { id: broken.id, state: 'queued', attempts: 1 },
      { id: after.id, state: 'queued', attempts: 0 },
    ]);

    unreadable = false;
    await outbox.drain();
    expect(webhook.requestIds()).toEqual([before.id, broken.id, after.id]);
    expect(webhook.sent[1]?.payload).toEqual({
      message: 'See attached',
      attachments: [{ filename: 'photo.png', mimetype: 'image/png', content: 'cG5n' }],
    });
  });

  it('keeps each outcome before telling it, and tells nothing else that way', async () => {
    const kept: string[] = [];
    const heard: string[] = [];
    const outbox = testOutbox({
      send: scriptedWebhook(200, 422).send,
      keepOutcome: async (event) => {
        await Promise.resolve();
        kept.push(`${event.type} ${heard.length}`);
      },
    });
    outbox.subscribe((event) => {
      if (event.type === 'OUTBOX_DELIVERED' || event.type === 'OUTBOX_FAILED') heard.push(event.type);
    });
    await stored(outbox.store, reschedule('2026-12-01'));
    await stored(outbox.store, reschedule('2026-12-02'));
    await outbox.drain();
    // Each was kept while the subscribers had heard only the ones before it.
    expect(kept).toEqual(['OUTBOX_DELIVERED 0', 'OUTBOX_FAILED 1']);
    expect(heard).toEqual(['OUTBOX_DELIVERED', 'OUTBOX_FAILED']);
  });

  it('sends again an item a dead sender left in the middle of sending', async () => {
    const webhook = scriptedWebhook(200);
    const outbox = testOutbox({ send: webhook.send });
    const item = await stored(outbox.store, reschedule());
    await outbox.store.patch(item.id, (current) => ({ ...current, state: 'sending' }));
    await outbox.drain();
    expect(webhook.requestIds()).toEqual([item.id]);
    expect(await outbox.count()).toBe(0);
  });

  it('keeps a failed item through later passes until the parent retries it', async () => {
    const webhook = scriptedWebhook(422, 200);
    const outbox = testOutbox({ send: webhook.send });
    const item = await stored(outbox.store, reschedule());
    await outbox.drain();
    await outbox.drain();
    expect(webhook.sent).toHaveLength(1);
    expect((await outbox.list()).map(({ state }) => state)).toEqual(['failed']);

    expect(await outbox.retry(item.id)).toMatchObject({ delivered: 1 });
    expect(webhook.requestIds()).toEqual([item.id, item.id]);
    expect(await outbox.count()).toBe(0);
  });

  it('keeps a failed item until the parent discards it, and never sends it after that', async () => {
    const webhook = scriptedWebhook(404);
    const outbox = testOutbox({ send: webhook.send });
    const item = await stored(outbox.store, reschedule());
    await outbox.drain();
    expect(await outbox.count()).toBe(1);
    await outbox.discard(item.id);
    await outbox.drain();
    expect(await outbox.count()).toBe(0);
    expect(webhook.sent).toHaveLength(1);
  });

  it('does not bring back an item discarded while it was being sent', async () => {
    let fail: (error: WebhookError) => void = () => undefined;
    const outbox = testOutbox({ send: () => new Promise((_resolve, reject) => (fail = reject)) });
    const item = await stored(outbox.store, reschedule());
    const replaying = outbox.drain();
    await expect.poll(async () => (await outbox.list())[0]?.state).toBe('sending');
    await outbox.discard(item.id);
    fail(new WebhookError('http', 'Service Unavailable', 503));
    await replaying;
    expect(await outbox.list()).toEqual([]);
  });

  it('flags items queued 7 days ago as stale and still sends them', async () => {
    const time = clock();
    const webhook = scriptedWebhook(200);
    const outbox = testOutbox({ send: webhook.send, now: time.now });
    const item = await stored(outbox.store, reschedule());
    time.advance(STALE_AFTER_MS - 1);
    expect((await outbox.list())[0]?.stale).toBe(false);
    time.advance(1);
    expect((await outbox.list())[0]?.stale).toBe(true);
    await outbox.drain();
    expect(webhook.requestIds()).toEqual([item.id]);
  });
});
