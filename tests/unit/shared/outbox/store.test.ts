import 'fake-indexeddb/auto';
import type { UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { OutboxStorageError } from '../../../../src/shared/outbox/errors.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import type { OutboxItem } from '../../../../src/shared/outbox/types.ts';
import { chat, encodeBase64, freshIdb, reschedule, scriptedWebhook, testOutbox } from './support.ts';

function item(seq: number, id = `id-${seq}`): OutboxItem {
  return { id, seq, envelope: reschedule(), state: 'queued', attempts: 0, queuedAt: 0, nextAttemptAt: 0 };
}

/** A store where every read works and every write fails as a full phone's would. */
function failingWrites(real: UseStore, name: string): UseStore {
  return (mode, callback) =>
    mode === 'readwrite'
      ? Promise.reject(new DOMException('The quota has been exceeded.', name))
      : real(mode, callback);
}

describe('outbox store', () => {
  it('gives each new item the next queue position and lists them oldest first', async () => {
    const store = createOutboxStore(freshIdb());
    // Ids in reverse alphabetical order, so key order cannot pass for queue order.
    for (const id of ['zulu', 'mike', 'alpha']) await store.add(id, (seq) => item(seq, id));
    const items = await store.all();
    expect(items.map(({ id }) => id)).toEqual(['zulu', 'mike', 'alpha']);
    expect(items.map(({ seq }) => seq)).toEqual([1, 2, 3]);
    expect(await store.count()).toBe(3);
  });

  it('keeps the first item when the same request id is queued again', async () => {
    const store = createOutboxStore(freshIdb());
    await store.add('same', (seq) => ({ ...item(seq, 'same'), attempts: 1 }));
    const again = await store.add('same', (seq) => ({ ...item(seq, 'same'), attempts: 9 }));
    expect(again.attempts).toBe(1);
    expect(await store.count()).toBe(1);
  });

  it('does not bring back an item discarded while it was being changed', async () => {
    const store = createOutboxStore(freshIdb());
    await store.add('gone', (seq) => item(seq, 'gone'));
    await store.remove('gone');
    expect(await store.patch('gone', (current) => ({ ...current, state: 'failed' }))).toBeUndefined();
    expect(await store.all()).toEqual([]);
  });

  it('keeps chat attachments as Blobs with their name and type', async () => {
    const outbox = testOutbox({ send: scriptedWebhook(503).send });
    const photo = new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' });
    await outbox.enqueue(chat('Here is the worksheet', [photo]));
    const [stored] = await outbox.store.all();
    if (stored?.envelope.action !== 'chat_facilitator') throw new Error('expected the chat item');
    const [attachment] = stored.envelope.payload.attachments;
    expect(attachment?.filename).toBe('photo.png');
    expect(attachment?.mimetype).toBe('image/png');
    expect(attachment?.blob).toBeInstanceOf(Blob);
    expect(await encodeBase64(attachment?.blob ?? new Blob())).toBe('AQID');
  });

  it.each([
    ['QuotaExceededError', 'quota'],
    ['InvalidStateError', 'unavailable'],
  ])('turns a write failing with %s into an OutboxStorageError (%s)', async (name, reason) => {
    const real = freshIdb();
    const store = createOutboxStore(failingWrites(real, name));
    const error = await store.add('x', (seq) => item(seq, 'x')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboxStorageError);
    expect(error).toMatchObject({ name: 'OutboxStorageError', reason });
    expect(await createOutboxStore(real).all()).toEqual([]);
  });
});
