/** The parts of StorageManager involved; `persist` is Window-only, so a worker simply has none. */
export interface PersistableStorage {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

function contextStorage(): PersistableStorage | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as PersistableStorage | undefined);
}

/**
 * Asks the browser not to evict the outbox under storage pressure, so a queued
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
