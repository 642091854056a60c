import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM types): it lets the page open the install dialog later, once. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();

function keep(event: BeforeInstallPromptEvent | undefined): void {
  deferred = event;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer for the 'Install app' button instead of
 * its own banner. Call before rendering: the event can fire early.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    keep(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => keep(undefined));
}

/** Opens the browser's install dialog; an offer can be used once, so the button goes either way. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  keep(undefined);
  await event.prompt();
  await event.userChoice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCanPromptInstall(): boolean {
  return useSyncExternalStore(subscribe, () => deferred !== undefined);
}

/** Running as the installed app, where an install offer makes no sense. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}
