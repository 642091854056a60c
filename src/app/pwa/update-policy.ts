/** Phones on mobile data should not fetch the worker script more often than this. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateCheckContext {
  now: number;
  /** When the worker script was last fetched (registering counts). */
  lastCheckedAt: number;
  /** navigator.onLine: false means a check can only fail. */
  online: boolean;
  /** A new version is already installing or waiting: there is nothing more to find. */
  updatePending: boolean;
}

/** Whether a trigger (focus, the tab shown again, the timer) should look for a new version now. */
export function isUpdateCheckDue({ now, lastCheckedAt, online, updatePending }: UpdateCheckContext): boolean {
  return online && !updatePending && now - lastCheckedAt >= UPDATE_CHECK_INTERVAL_MS;
}
