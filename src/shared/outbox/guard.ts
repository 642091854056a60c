/**
 * Only one replay at a time across every tab and the service worker, so no
 * two contexts can send the same item at once.
 *
 * With the Web Locks API the lock lives exactly as long as the replay and is
 * released by the browser if its holder dies. Without it, a lease record in
 * IndexedDB stands in: taken and renewed in single transactions, it expires
 * on its own after LEASE_MS, so a tab killed mid-replay blocks the others for
 * at most that long. The replayer renews it before every send, and a send
 * gives up long before the lease runs out (client timeout 20 s).
 */
import { createStore, update, type UseStore } from 'idb-keyval';
import { OUTBOX_LEASE_DB, OUTBOX_LEASE_STORE, OUTBOX_LOCK } from '../storage-names.ts';
import { newRequestId } from '../webhook/request-id.ts';

export const LEASE_MS = 60_000;
const LEASE_KEY = 'replay';

/** Resolves false when this replay no longer holds the guard and must stop before sending anything more. */
export type RenewGuard = () => Promise<boolean>;

export type GuardOutcome<T> = { ran: true; value: T } | { ran: false };

export interface ReplayGuard {
  /** Runs the task if nobody else is replaying; never waits for the other replay. */
  run<T>(task: (renew: RenewGuard) => Promise<T>): Promise<GuardOutcome<T>>;
}

/** The part of the Web Locks API the guard uses (the same under the DOM and WebWorker libs). */
export interface LockRequester {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: Lock | null) => Promise<T>): Promise<T>;
}

export function lockGuard(locks: LockRequester, name: string = OUTBOX_LOCK): ReplayGuard {
  const stillHeld: RenewGuard = () => Promise.resolve(true);
  return {
    run: (task) =>
      locks.request(name, { ifAvailable: true }, async (lock) =>
        lock ? { ran: true, value: await task(stillHeld) } : { ran: false },
      ),
  };
}

interface Lease {
  token: string;
  expiresAt: number;
}

export function leaseGuard(
  useStore: UseStore = createStore(OUTBOX_LEASE_DB, OUTBOX_LEASE_STORE),
  now: () => number = Date.now,
): ReplayGuard {
  /** Writes our lease when `mayTake` allows, in one transaction; says whether we hold it afterwards. */
  async function claim(token: string, mayTake: (current: Lease | null | undefined) => boolean): Promise<boolean> {
    let held = false;
    await update<Lease | null>(
      LEASE_KEY,
      (current) => {
        held = mayTake(current);
        return held ? { token, expiresAt: now() + LEASE_MS } : (current ?? null);
      },
      useStore,
    );
    return held;
  }

  return {
    async run(task) {
      // A fresh token per run, so two runs in the same tab exclude each other too.
      const token = newRequestId();
      const free = (current: Lease | null | undefined) => !current || current.expiresAt <= now();
      if (!(await claim(token, free))) return { ran: false };
      try {
        return { ran: true, value: await task(() => claim(token, (current) => current?.token === token)) };
      } finally {
        // A lease that cannot be given back expires by itself; that failure must not hide the run's outcome.
        await update<Lease | null>(
          LEASE_KEY,
          (current) => (current?.token === token ? null : (current ?? null)),
          useStore,
        ).catch(() => undefined);
      }
    },
  };
}

/** Web Locks where the context has them (every current browser, page and worker alike), else the lease. */
export function defaultGuard(): ReplayGuard {
  // Typed as always there, yet missing in Node and in browsers older than 2022.
  const locks: LockRequester | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? lockGuard(locks) : leaseGuard();
}
