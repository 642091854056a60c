import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { reschedule, scriptedWebhook, stored, testOutbox, type Answer } from './support.ts';

/** What one pass does with an item, by the webhook client's outcome: the one table of the retry rule. */
describe('retry classification during a pass', () => {
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
    await stored(outbox.store, reschedule());
    await outbox.drain();
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
    await stored(outbox.store, reschedule());
    expect(await outbox.drain()).toMatchObject({ delivered: 0, failed: 1, waiting: [] });
    const [item] = await outbox.list();
    expect(item?.lastError).toEqual({
      name: 'WebhookError',
      kind: 'http',
      status: 400,
      message: 'Phone not registered',
    });
  });
});
