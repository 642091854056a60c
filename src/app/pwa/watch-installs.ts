export interface InstallHandlers {
  /** The very first version finished caching the shell: the portal now opens offline. */
  onFirstInstall(): void;
  /** A new version is installed and waits for the parent's go-ahead. */
  onUpdateWaiting(): void;
}

/**
 * Follows every version the registration installs, for the whole life of the
 * page (a parent may keep the app open for days), and tells a first install
 * from an update by whether an older version was active when it started.
 */
export function watchInstalls(registration: ServiceWorkerRegistration, handlers: InstallHandlers): void {
  const follow = (worker: ServiceWorker) => {
    const isUpdate = registration.active !== null;
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      if (isUpdate) handlers.onUpdateWaiting();
      else handlers.onFirstInstall();
    });
  };
  // A version may already wait: found by another tab, or on an earlier visit whose prompt was dismissed.
  if (registration.waiting && registration.active) handlers.onUpdateWaiting();
  if (registration.installing) follow(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) follow(registration.installing);
  });
}
