/** Chromium's scheduler.yield(), missing from TypeScript's DOM types. */
interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Ends the current task and resolves in a new one, so a slow phone can paint
 * and answer a tap in between: scheduler.yield() where the browser has it
 * (the continuation goes ahead of other queued work), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
