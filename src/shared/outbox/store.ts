/**
 * The outbox's IndexedDB store (idb-keyval, its own database). Items are keyed
 * by `request_id`, so one request can never be stored twice; every write is a
 * single transaction, so a context killed mid-write leaves the old item or the
 * new one, never half of either. Any storage failure surfaces as an
 * OutboxStorageError ('quota' when the phone is full).
 */
import { createStore, del, promisifyRequest, type UseStore } from 'idb-keyval';
import { OUTBOX_DB, OUTBOX_STORE } from '../storage-names.ts';
import { guardStorage } from './errors.ts';
import type { OutboxItem } from './types.ts';

export interface OutboxStore {
  /** Stores the item built for the next queue position, or returns the one already queued under that id. */
  add(id: string, build: (seq: number) => OutboxItem): Promise<OutboxItem>;
  /** Every item, oldest first. */
  all(): Promise<OutboxItem[]>;
  count(): Promise<number>;
  /** Rewrites an item in one transaction; does nothing (returns undefined) if it was discarded meanwhile. */
  patch(id: string, change: (item: OutboxItem) => OutboxItem): Promise<OutboxItem | undefined>;
  remove(id: string): Promise<void>;
}

const oldestFirst = (a: OutboxItem, b: OutboxItem) => a.seq - b.seq;

/** Reads, then writes from inside the success callback so the transaction stays open (atomic read-modify-write). */
function readThenWrite<T>(store: IDBObjectStore, read: IDBRequest, write: (result: unknown) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    read.onsuccess = () => {
      try {
        const value = write(read.result);
        promisifyRequest(store.transaction).then(() => resolve(value), reject);
      } catch (error) {
        reject(error);
      }
    };
    read.onerror = () => reject(read.error);
  });
}

export function createOutboxStore(useStore: UseStore = createStore(OUTBOX_DB, OUTBOX_STORE)): OutboxStore {
  return {
    add: (id, build) =>
      guardStorage(() =>
        useStore('readwrite', (store) =>
          readThenWrite(store, store.getAll(), (result) => {
            const items = result as OutboxItem[];
            const existing = items.find((item) => item.id === id);
            if (existing) return existing;
            const item = build(items.reduce((max, other) => Math.max(max, other.seq), 0) + 1);
            store.put(item, id);
            return item;
          }),
        ),
      ),
    all: () =>
      guardStorage(async () => {
        const items = await useStore('readonly', (store) =>
          promisifyRequest(store.getAll() as IDBRequest<OutboxItem[]>),
        );
        return items.sort(oldestFirst);
      }),
    count: () => guardStorage(() => useStore('readonly', (store) => promisifyRequest(store.count()))),
    patch: (id, change) =>
      guardStorage(() =>
        useStore('readwrite', (store) =>
          readThenWrite(store, store.get(id), (result) => {
            if (result === undefined) return undefined;
            const item = change(result as OutboxItem);
            store.put(item, id);
            return item;
          }),
        ),
      ),
    remove: (id) => guardStorage(() => del(id, useStore)),
  };
}

/** The parts of StorageManager involved; `persist` is Window-only, so a worker simply has none. */
export interface PersistableStorage {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

function contextStorage(): PersistableStorage | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as PersistableStorage | undefined);
}

/**
 * Asks the browser not to evict the outbox under storage pressure, so a stored
 * request survives days offline. Resolves whether storage is persistent; never
 * rejects, because a refusal only means the browser's default applies.
 */
export async function requestPersistence(storage: PersistableStorage | undefined = contextStorage()): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
