import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { reschedule, scriptedWebhook, testOutbox, type Answer } from './support.ts';

/** What one replay does with an item, by the webhook client's outcome: the table issue 6 asks for. */
describe('retry classification during replay', () => {
  it.each<[string, 'delivered' | 'queued' | 'failed', Answer]>([
    ['a network failure', 'queued', 'network'],
    ['a timeout', 'queued', 'timeout'],
    ['HTTP 408', 'queued', 408],
    ['HTTP 429', 'queued', 429],
    ['HTTP 500', 'queued', 500],
    ['HTTP 502', 'queued', 502],
    ['HTTP 503', 'queued', 503],
    ['HTTP 504', 'queued', 504],
    ['HTTP 400', 'failed', { status: 400, body: 'Phone not registered' }],
    ['HTTP 401', 'failed', 401],
    ['HTTP 403', 'failed', 403],
    ['HTTP 404', 'failed', 404],
    ['HTTP 409', 'failed', 409],
    ['HTTP 413', 'failed', 413],
    ['HTTP 422', 'failed', 422],
    ['HTTP 200', 'delivered', 200],
    ['HTTP 201', 'delivered', 201],
    ['HTTP 202', 'delivered', 202],
    ['HTTP 204', 'delivered', 204],
  ])('after %s the item is %s', async (_case, outcome, answer) => {
    const webhook = scriptedWebhook(answer);
    const outbox = testOutbox({ send: webhook.send });
    await outbox.enqueue(reschedule());
    await outbox.replayNow();
    const items = await outbox.list();
    expect(webhook.sent).toHaveLength(1);
    if (outcome === 'delivered') {
      expect(items).toEqual([]);
    } else {
      expect(items.map(({ state, attempts }) => ({ state, attempts }))).toEqual([{ state: outcome, attempts: 1 }]);
      expect(items[0]?.lastError?.name).toBe('WebhookError');
    }
  });

  it('keeps the server’s text on an item the webhook refuses', async () => {
    const outbox = testOutbox({ send: scriptedWebhook({ status: 400, body: 'Phone not registered' }).send });
    await outbox.enqueue(reschedule());
    expect(await outbox.replayNow()).toMatchObject({ ran: true, delivered: 0, failed: 1, waiting: 0 });
    const [item] = await outbox.list();
    expect(item?.lastError).toEqual({
      name: 'WebhookError',
      kind: 'http',
      status: 400,
      message: 'Phone not registered',
    });
  });
});
