/**
 * One sender at a time across every tab and the service worker: a pass runs
 * only while it holds the outbox lock, and a pass that finds it held waits
 * for its turn rather than giving up, so a request stored while another pass
 * finishes is never left without a sender.
 *
 * With the Web Locks API the lock lives exactly as long as the pass and is
 * released by the browser if its holder dies. Without it, a lease record in
 * IndexedDB stands in: taken and renewed in single transactions, it expires
 * on its own after LEASE_MS, so a tab killed mid-pass blocks the others for
 * at most that long. The sender renews it before every send, and a send
 * gives up long before the lease runs out.
 */
import { createStore, update, type UseStore } from 'idb-keyval';
import { OUTBOX_LEASE_DB, OUTBOX_LEASE_STORE, OUTBOX_LOCK } from '../storage-names.ts';
import { newRequestId } from '../webhook/request-id.ts';

export const LEASE_MS = 5 * 60_000;
/** How often a pass waiting for the lease looks again. */
export const LEASE_POLL_MS = 250;
const LEASE_KEY = 'replay';

/** Resolves false when this pass no longer holds the guard and must stop before sending anything more. */
export type RenewGuard = () => Promise<boolean>;

export interface ReplayGuard {
  /** Runs the task once no other pass runs anywhere in the origin. */
  run<T>(task: (renew: RenewGuard) => Promise<T>): Promise<T>;
}

/** The part of the Web Locks API the guard uses (the same under the DOM and WebWorker libs). */
export interface LockRequester {
  request<T>(name: string, callback: (lock: Lock | null) => Promise<T>): Promise<T>;
}

export function lockGuard(locks: LockRequester, name: string = OUTBOX_LOCK): ReplayGuard {
  const stillHeld: RenewGuard = () => Promise.resolve(true);
  return { run: (task) => locks.request(name, () => task(stillHeld)) };
}

interface Lease {
  token: string;
  expiresAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
      // A fresh token per pass, so two passes in the same context exclude each other too.
      const token = newRequestId();
      const free = (current: Lease | null | undefined) => !current || current.expiresAt <= now();
      while (!(await claim(token, free))) await sleep(LEASE_POLL_MS);
      try {
        return await task(() => claim(token, (current) => current?.token === token));
      } finally {
        // A lease that cannot be given back expires by itself; that failure must not hide the pass's outcome.
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
