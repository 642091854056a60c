import { en } from './messages.ts';

// Fixed ids: showing the prompt again replaces it rather than stacking copies.
const UPDATE_TOAST_ID = 'pwa-update';
const OFFLINE_READY_TOAST_ID = 'pwa-offline-ready';

// Loaded on demand, like the toaster itself, so sonner stays out of the landing route's bundle.
const loadToast = async () => (await import('sonner')).toast;

/** Stays until the parent acts: the new version only runs after they choose 'Reload'. */
export function showUpdatePrompt(onReload: () => void): void {
  void loadToast().then((toast) =>
    toast(en.update.available, {
      id: UPDATE_TOAST_ID,
      duration: Number.POSITIVE_INFINITY,
      action: { label: en.update.reload, onClick: onReload },
    }),
  );
}

export function showOfflineReady(): void {
  void loadToast().then((toast) => toast.success(en.offlineReady, { id: OFFLINE_READY_TOAST_ID }));
}
