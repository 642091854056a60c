import 'fake-indexeddb/auto';
import type { UseStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { OutboxStorageError } from '../../../../src/shared/outbox/errors.ts';
import { createOutboxStore, requestPersistence, type PersistableStorage } from '../../../../src/shared/outbox/store.ts';
import type { OutboxItem } from '../../../../src/shared/outbox/types.ts';
import { chat, encodeBase64, freshIdb, reschedule, stored, testOutbox } from './support.ts';

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
    const outbox = testOutbox({ send: () => Promise.reject(new Error('not sent in this test')) });
    const photo = new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' });
    await stored(outbox.store, chat('Here is the worksheet', [photo]));
    const [item] = await outbox.store.all();
    if (item?.envelope.action !== 'chat_facilitator') throw new Error('expected the chat item');
    const [attachment] = item.envelope.payload.attachments;
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

describe('requestPersistence', () => {
  it('asks the browser when storage is not yet persistent', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistence({ persisted: async () => false, persist })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistence({ persisted: async () => true, persist })).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it.each<[string, PersistableStorage | undefined]>([
    ['the browser refuses', { persisted: async () => false, persist: async () => false }],
    ['asking throws', { persist: async () => Promise.reject(new Error('denied')) }],
    ['the context cannot ask (a worker)', { persisted: async () => false }],
    ['there is no storage manager', undefined],
  ])('resolves false when %s', async (_case, storage) => {
    expect(await requestPersistence(storage)).toBe(false);
  });
});
