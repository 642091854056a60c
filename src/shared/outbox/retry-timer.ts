/**
 * The backoff trigger: one timer per context, armed for the moment the oldest
 * queued item may be tried again. Other triggers (app start, `online`, tab
 * visible, 'Send Now', Background Sync) call the outbox directly.
 */

/** Calls `run` after `delayMs`; returns the cancel function. */
export type SetTimer = (run: () => void, delayMs: number) => () => void;

export const setTimeoutTimer: SetTimer = (run, delayMs) => {
  const handle = setTimeout(run, delayMs);
  return () => clearTimeout(handle);
};

export interface RetryTimer {
  /** Replaces the timer; `undefined` leaves none. */
  armAt(at: number | undefined): void;
  /** Arms for `at` unless the timer already fires sooner. */
  armBy(at: number): void;
}

/** `setTimer: null` gives a timer that never fires (the worker, which the browser stops between events). */
export function createRetryTimer(setTimer: SetTimer | null, now: () => number, fire: () => void): RetryTimer {
  let armed: { at: number; cancel: () => void } | undefined;
  const armAt = (at: number | undefined) => {
    armed?.cancel();
    armed = undefined;
    if (at === undefined || !setTimer) return;
    const cancel = setTimer(
      () => {
        armed = undefined;
        fire();
      },
      Math.max(0, at - now()),
    );
    armed = { at, cancel };
  };
  return {
    armAt,
    armBy: (at) => {
      if (!armed || at < armed.at) armAt(at);
    },
  };
}
