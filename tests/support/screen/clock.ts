import { onTestFinished, vi } from 'vitest';

/**
 * The phone's clock set to `at` for the rest of the test, and set again by a later call: only Date is faked, so
 * timers, the webhook and the screen run as they do.
 */
export function setClock(at: string): void {
  if (!vi.isFakeTimers()) {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
  }
  vi.setSystemTime(new Date(at));
}
