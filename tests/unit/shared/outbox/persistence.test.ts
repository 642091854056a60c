import { describe, expect, it, vi } from 'vitest';
import { requestPersistence, type PersistableStorage } from '../../../../src/shared/outbox/persistence.ts';

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
