import { isUpdateCheckDue } from './update-policy.ts';

/** How often the timer asks the policy; the policy itself allows one check an hour. */
const TICK_MS = 5 * 60 * 1000;

/**
 * Looks for a new version when the parent comes back to the app (focus, the
 * tab shown again) and on a timer, at most hourly and only online. A version
 * found this way waits and raises the update prompt like any other.
 */
export function startUpdateChecks(registration: ServiceWorkerRegistration): void {
  // Registering has just fetched the worker script: that was a check.
  let lastCheckedAt = Date.now();
  const check = () => {
    const now = Date.now();
    const updatePending = Boolean(registration.installing ?? registration.waiting);
    if (!isUpdateCheckDue({ now, lastCheckedAt, online: navigator.onLine, updatePending })) return;
    lastCheckedAt = now;
    registration.update().catch(() => {
      // No connection after all, or the server hiccuped: the next trigger tries again.
    });
  };
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, TICK_MS);
}
