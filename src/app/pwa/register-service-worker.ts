import { env } from '../../config/env.ts';
import { whenLoaded } from '../when-loaded.ts';
import type { PageToWorkerMessage } from '../../shared/sw-messages.ts';
import { showOfflineReady, showUpdatePrompt } from './pwa-toasts.ts';
import { startUpdateChecks } from './update-checks.ts';
import { watchInstalls } from './watch-installs.ts';

const SCRIPT_URL = '/sw.js';
const SKIP_WAITING: PageToWorkerMessage = { type: 'SKIP_WAITING' };

/**
 * Registers the service worker once the page has loaded (workbox-window) and
 * drives its prompts: 'Ready to work offline' when the first install has
 * cached the shell, 'A new version is available' whenever a new version
 * waits. Nothing reloads by itself: only the tab where the parent chose
 * 'Reload' reloads; any other open tab, now run by the new version, shows the
 * prompt again instead of losing what the parent was typing.
 */
export function registerServiceWorker(): void {
  if (!env.serviceWorker || !('serviceWorker' in navigator)) return;
  let registration: ServiceWorkerRegistration | undefined;
  let controlled = navigator.serviceWorker.controller !== null;
  let reloadChosen = false;

  const reload = () => window.location.reload();
  const offerUpdate = () =>
    showUpdatePrompt(() => {
      const waiting = registration?.waiting;
      // No waiting version: another tab has switched to it already, only this page is old.
      if (!waiting) return reload();
      reloadChosen = true;
      waiting.postMessage(SKIP_WAITING);
    });

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const wasControlled = controlled;
    controlled = true;
    // The first install taking control changes nothing on screen.
    if (!wasControlled) return;
    if (reloadChosen) reload();
    else offerUpdate();
  });

  // workbox-window comes in its own chunk: the first screen never waits for it.
  whenLoaded()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => new Workbox(SCRIPT_URL, { scope: '/' }).register())
    .then((registered) => {
      if (!registered) return;
      registration = registered;
      watchInstalls(registered, { onFirstInstall: showOfflineReady, onUpdateWaiting: offerUpdate });
      startUpdateChecks(registered);
    })
    .catch((error: unknown) => {
      console.error('Service worker registration failed: the portal will not open offline.', error);
    });
}
