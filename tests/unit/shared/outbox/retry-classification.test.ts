import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { QueuedEnvelope } from '../../../../src/shared/outbox/types.ts';
import { PARENT, reschedule, scriptedWebhook, stored, testOutbox, type Answer } from './support.ts';

const seenMark = (): QueuedEnvelope => ({
  action: 'mark_announcement_seen',
  user: PARENT,
  payload: { announcement_id: 'a1' },
  timestamp_ist: '2026-11-23T10:30:00.000+05:30',
  request_id: crypto.randomUUID(),
});

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

  it('removes quietly a read mark of an announcement withdrawn while it waited, and goes on with the next item', async () => {
    const gone = 'No announcement with this announcement_id was found for these details.';
    const webhook = scriptedWebhook({ status: 404, body: gone }, 200);
    const outbox = testOutbox({ send: webhook.send });
    const events: string[] = [];
    outbox.subscribe((event) => events.push(event.type));
    await stored(outbox.store, seenMark());
    await stored(outbox.store, reschedule());
    expect(await outbox.drain()).toMatchObject({ delivered: 1, failed: 0, waiting: [] });
    expect(await outbox.list()).toEqual([]);
    expect(webhook.sent.map((envelope) => envelope.action)).toEqual(['mark_announcement_seen', 'reschedule_single']);
    expect(events).not.toContain('OUTBOX_FAILED');
  });

  it('keeps a read mark the webhook refuses for another reason, for the parent to see', async () => {
    const outbox = testOutbox({ send: scriptedWebhook({ status: 400, body: 'Invalid payload' }).send });
    await stored(outbox.store, seenMark());
    await outbox.drain();
    expect((await outbox.list()).map(({ state }) => state)).toEqual(['failed']);
  });
});
