import 'fake-indexeddb/auto';
import type { UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { deliverInOrder } from '../../../../src/features/registered-parent/submit/deliver-in-order.ts';
import { OutboxStorageError } from '../../../../src/shared/outbox/errors.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import type { User } from '../../../../src/shared/webhook/types.ts';
import { freshIdb, PARENT, reschedule, scriptedWebhook, testOutbox } from '../../shared/outbox/support.ts';

const OTHER: User = { name: 'Ravi', number: '+447700900123' };

const until = async (condition: () => Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('deliverInOrder', () => {
  it('sends at once when nothing waits, and hands back the answer', async () => {
    const webhook = scriptedWebhook({ status: 200, body: 'Noted' });
    const outbox = testOutbox({ send: webhook.send });
    const delivery = await deliverInOrder(outbox, reschedule());
    expect(delivery).toEqual({ status: 'sent', response: { status: 200, body: 'Noted' } });
    expect(await outbox.count()).toBe(0);
  });

  it.each(['network', 503] as const)('keeps the request when the first send meets %s', async (answer) => {
    const outbox = testOutbox({ send: scriptedWebhook(answer).send });
    const envelope = reschedule();
    expect(await deliverInOrder(outbox, envelope)).toEqual({ status: 'queued' });
    expect((await outbox.list()).map((item) => item.id)).toEqual([envelope.request_id]);
  });

  it('passes a refusal on to the screen and keeps nothing', async () => {
    const outbox = testOutbox({ send: scriptedWebhook({ status: 422, body: 'That week is full' }).send });
    await expect(deliverInOrder(outbox, reschedule())).rejects.toEqual(
      new WebhookError('http', 'That week is full', 422),
    );
    expect(await outbox.count()).toBe(0);
  });

  it('queues a new request behind the parent’s waiting one, then sends both, oldest first', async () => {
    const webhook = scriptedWebhook('network', 200);
    const outbox = testOutbox({ send: webhook.send });
    const first = reschedule('2026-11-30');
    const second = reschedule('2026-12-01');
    await deliverInOrder(outbox, first);
    expect(await deliverInOrder(outbox, second)).toEqual({ status: 'queued' });
    await until(async () => (await outbox.count()) === 0);
    expect(webhook.requestIds()).toEqual([first.request_id, first.request_id, second.request_id]);
  });

  it('sends at once when only another parent’s requests wait', async () => {
    const webhook = scriptedWebhook('network', 200);
    const outbox = testOutbox({ send: webhook.send });
    const theirs = buildEnvelope({ action: 'reschedule_single', user: OTHER, payload: { date: '2026-11-30' } });
    await deliverInOrder(outbox, theirs);
    const mine = reschedule();
    expect(await deliverInOrder(outbox, mine)).toMatchObject({ status: 'sent' });
    expect(webhook.requestIds()).toEqual([theirs.request_id, mine.request_id]);
    expect(mine.user).toEqual(PARENT);
  });

  it('sends at once when the parent’s only saved request was refused and awaits their choice', async () => {
    const webhook = scriptedWebhook('network', { status: 422, body: 'No' }, 200);
    const outbox = testOutbox({ send: webhook.send });
    await deliverInOrder(outbox, reschedule('2026-11-30'));
    await outbox.replayNow();
    expect((await outbox.list()).map((item) => item.state)).toEqual(['failed']);
    expect(await deliverInOrder(outbox, reschedule('2026-12-01'))).toMatchObject({ status: 'sent' });
  });

  it('rejects with the storage error, saving nothing, when the phone is full', async () => {
    const real = freshIdb();
    const full: UseStore = (mode, callback) =>
      mode === 'readwrite'
        ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
        : real(mode, callback);
    const outbox = testOutbox({ send: scriptedWebhook('network').send, store: createOutboxStore(full) });
    const failure = deliverInOrder(outbox, reschedule());
    await expect(failure).rejects.toBeInstanceOf(OutboxStorageError);
    await expect(failure).rejects.toMatchObject({ reason: 'quota' });
    expect(await outbox.count()).toBe(0);
  });
});
