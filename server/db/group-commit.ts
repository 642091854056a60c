import type { Db } from './database.ts';

/**
 * Group commit. With `synchronous = FULL` every commit waits for the disk;
 * one commit per request would cap throughput at one fsync per request. So
 * writes that arrive in the same turn of the event loop are written in one
 * transaction and one fsync, each in a savepoint of its own (one failing
 * write does not undo the others), and each caller's promise settles only
 * once the commit is on disk: an answer is still never sent before its data
 * is durable.
 */
export function createGroupCommit<T>(db: Db, write: (item: T) => void): (item: T) => Promise<void> {
  const writeOne = db.transaction(write);
  const writeAll = db.transaction((items: readonly T[]) =>
    items.map((item) => {
      try {
        writeOne(item);
        return undefined;
      } catch (error) {
        return error;
      }
    }),
  );
  let queue: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];

  const flush = () => {
    const batch = queue;
    queue = [];
    let failures: unknown[];
    try {
      failures = writeAll.immediate(batch.map((entry) => entry.item));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, i) => (failures[i] === undefined ? entry.resolve() : entry.reject(failures[i])));
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ item, resolve, reject });
    });
}
