import { createStore, update, type UseStore } from 'idb-keyval';
import { OUTBOX_UNTOLD_DB, OUTBOX_UNTOLD_STORE } from '../storage-names.ts';
import type { OutboxAction, OutboxEvent } from './types.ts';

/**
 * A saved request's outcome that no page heard: the worker sent it (Background Sync, every tab closed) and was
 * answered. Only what the toast needs is kept: which request, what kind, sent or refused; never what was sent.
 */
export interface UntoldOutcome {
  type: 'OUTBOX_DELIVERED' | 'OUTBOX_FAILED';
  id: string;
  action: OutboxAction;
}

/** The toasts a person finds at the next start stay few: the oldest are dropped past this many. */
export const UNTOLD_KEPT = 20;

const KEY = 'outcomes';

export interface UntoldOutcomes {
  keep(outcome: UntoldOutcome): Promise<void>;
  /** Every kept outcome, oldest first, and none left behind: each is told once. */
  take(): Promise<UntoldOutcome[]>;
}

/** Each change is one IndexedDB transaction (idb-keyval's update), so a keep and a take never lose one another. */
export function createUntoldOutcomes(
  useStore: UseStore = createStore(OUTBOX_UNTOLD_DB, OUTBOX_UNTOLD_STORE),
): UntoldOutcomes {
  return {
    keep: (outcome) =>
      update<UntoldOutcome[]>(
        KEY,
        (kept = []) =>
          [...kept.filter(({ id, type }) => id !== outcome.id || type !== outcome.type), outcome].slice(-UNTOLD_KEPT),
        useStore,
      ),
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
