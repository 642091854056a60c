/**
 * The service worker's registration and updates, through workbox-window,
 * loaded once the page has loaded so the first screen never waits for it.
 * 'Ready to work offline' shows when the first install has cached the shell;
 * 'A new version is available' whenever a new version waits. Nothing reloads
 * by itself: only the tab where the person chose 'Reload' reloads; any other
 * open tab, now run by the new version, shows the prompt again instead of
 * losing what was being typed. A new version is looked for when the person
 * comes back to the app and on a timer, at most hourly and only online.
 */
import { env } from '../../config/env.ts';
import { serviceWorkerUrl } from '../../shared/sw-messages.ts';
import { whenLoaded } from '../when-loaded.ts';
import { pwaText } from './messages.ts';

const SCRIPT_PATH = '/sw.js';
/** Phones on mobile data should not fetch the worker script more often than this. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** How often the timer asks the policy. */
const TICK_MS = 5 * 60 * 1000;
// Fixed ids: showing a prompt again replaces it rather than stacking copies.
const UPDATE_TOAST_ID = 'pwa-update';
const OFFLINE_READY_TOAST_ID = 'pwa-offline-ready';

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

// Loaded on demand, like the toaster itself, so sonner stays out of the landing route's bundle.
const loadToast = async () => (await import('sonner')).toast;

/** Stays until the person acts: the new version only runs after they choose 'Reload'. */
function showUpdatePrompt(onReload: () => void): void {
  void loadToast().then((toast) =>
    toast(pwaText().update.available, {
      id: UPDATE_TOAST_ID,
      duration: Number.POSITIVE_INFINITY,
      action: { label: pwaText().update.reload, onClick: onReload },
    }),
  );
}

function showOfflineReady(): void {
  void loadToast().then((toast) => toast.success(pwaText().offlineReady, { id: OFFLINE_READY_TOAST_ID }));
}

function startUpdateChecks(registration: ServiceWorkerRegistration, update: () => Promise<void>): void {
  // Registering has just fetched the worker script: that was a check.
  let lastCheckedAt = Date.now();
  const check = () => {
    const now = Date.now();
    const updatePending = Boolean(registration.installing ?? registration.waiting);
    if (!isUpdateCheckDue({ now, lastCheckedAt, online: navigator.onLine, updatePending })) return;
    lastCheckedAt = now;
    update().catch(() => {
      // No connection after all, or the server hiccuped: the next trigger tries again.
    });
  };
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, TICK_MS);
}

export function registerServiceWorker(): void {
  if (!env.serviceWorker || !('serviceWorker' in navigator)) return;
  let controlled = navigator.serviceWorker.controller !== null;
  let reloadChosen = false;
  let registration: ServiceWorkerRegistration | undefined;
  const reload = () => window.location.reload();

  whenLoaded()
    .then(() => import('workbox-window'))
    .then(async ({ Workbox }) => {
      const workbox = new Workbox(serviceWorkerUrl(SCRIPT_PATH, env.webhookUrl), { scope: '/' });
      const offerUpdate = () =>
        showUpdatePrompt(() => {
          // No waiting version: another tab has switched to it already, only this page is old.
          if (!registration?.waiting) return reload();
          reloadChosen = true;
          workbox.messageSkipWaiting();
        });
      workbox.addEventListener('installed', (event) => {
        if (!controlled && !event.isUpdate) showOfflineReady();
      });
      // Ours, another tab's, or one left waiting by an earlier visit whose prompt was dismissed.
      workbox.addEventListener('waiting', offerUpdate);
      workbox.addEventListener('controlling', () => {
        const wasControlled = controlled;
        controlled = true;
        // The first install taking control changes nothing on screen.
        if (!wasControlled) return;
        if (reloadChosen) reload();
        else offerUpdate();
      });
      registration = await workbox.register({ immediate: true });
      if (registration) startUpdateChecks(registration, () => workbox.update());
    })
    .catch((error: unknown) => {
      console.error('Service worker registration failed: the portal will not open offline.', error);
    });
}
