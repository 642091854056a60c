import { createStore, update, type UseStore } from 'idb-keyval';
import { OUTBOX_UNTOLD_DB, OUTBOX_UNTOLD_STORE } from '../storage-names.ts';
import type { OutboxAction, OutboxEvent } from './types.ts';

/**
 * A saved request's outcome as the worker keeps it until a page tells it. The worker keeps each outcome before
 * it tells the open pages; a page that tells one (a toast, or the screen that awaited it) forgets it, and a page
 * tells what is left at its start. So an outcome reached with every tab closed (Background Sync), or as a page
 * was loading and not yet listening, is told at the next start, and one told live is not told again.
 * Only what the toast needs is kept: which request, what kind, sent or refused; never what was sent.
 */
export interface UntoldOutcome {
  type: 'OUTBOX_DELIVERED' | 'OUTBOX_FAILED';
  id: string;
  action: OutboxAction;
}

/** The toasts a person finds at the next start stay few: the oldest are dropped past this many. */
export const UNTOLD_KEPT = 20;

const KEY = 'outcomes';

/** The kept outcomes but `outcome` (the same request and kind). */
const without = (kept: UntoldOutcome[], outcome: UntoldOutcome) =>
  kept.filter(({ id, type }) => id !== outcome.id || type !== outcome.type);

export interface UntoldOutcomes {
  keep(outcome: UntoldOutcome): Promise<void>;
  /** A page has told it: the next start does not. */
  forget(outcome: UntoldOutcome): Promise<void>;
  /** Every kept outcome, oldest first, and none left behind: each is told once. */
  take(): Promise<UntoldOutcome[]>;
}

/** Each change is one IndexedDB transaction (idb-keyval's update), so a keep and a take never lose one another. */
export function createUntoldOutcomes(
  useStore: UseStore = createStore(OUTBOX_UNTOLD_DB, OUTBOX_UNTOLD_STORE),
): UntoldOutcomes {
  return {
    keep: (outcome) =>
      update<UntoldOutcome[]>(KEY, (kept = []) => [...without(kept, outcome), outcome].slice(-UNTOLD_KEPT), useStore),
    forget: (outcome) => update<UntoldOutcome[]>(KEY, (kept = []) => without(kept, outcome), useStore),
    async take() {
      let taken: UntoldOutcome[] = [];
      await update<UntoldOutcome[]>(
        KEY,
        (kept = []) => {
          taken = kept;
          return [];
        },
        useStore,
      );
      return taken;
    },
  };
}

/** The outcome an event tells, if it tells one worth a toast. */
export function untoldOutcomeOf(event: OutboxEvent): UntoldOutcome | undefined {
  if (event.type !== 'OUTBOX_DELIVERED' && event.type !== 'OUTBOX_FAILED') return undefined;
  return { type: event.type, id: event.id, action: event.action };
}

/** The worker's SenderDeps.keepOutcome: each outcome kept before a page hears of it; a failure is logged, not thrown. */
export function keepingOutcomes(untold: UntoldOutcomes): (event: OutboxEvent) => Promise<void> {
  return async (event) => {
    const outcome = untoldOutcomeOf(event);
    if (!outcome) return;
    await untold.keep(outcome).catch((error: unknown) => console.error('An outcome could not be kept', error));
  };
}
