/**
 * Installing the portal: the browser's install offer kept for an 'Install App'
 * button on the landing page and the menu, and a hint on iOS, which installs
 * only from the Share menu.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { pwaText } from './messages.ts';
import './pwa.css';

/** The screens that offer installing: the first screen everyone sees, and the parent's home once signed in. */
export const INSTALL_ROUTES: readonly string[] = [paths.home, paths.menu];

/** 'prompt': the browser lets us show its install dialog; 'ios-hint': iOS only installs from the Share menu. */
export type InstallOffer = 'prompt' | 'ios-hint' | 'none';

export interface InstallContext {
  pathname: string;
  /** Already running as an installed app. */
  standalone: boolean;
  /** A `beforeinstallprompt` event is kept and unused. */
  canPrompt: boolean;
  ios: boolean;
}

export function installOffer({ pathname, standalone, canPrompt, ios }: InstallContext): InstallOffer {
  if (standalone || !INSTALL_ROUTES.includes(pathname)) return 'none';
  if (canPrompt) return 'prompt';
  return ios ? 'ios-hint' : 'none';
}

export interface DeviceHints {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
}

/** iPhone, iPod, or an iPad, which since iPadOS 13 calls itself a Mac but has a touch screen. */
export function isIosDevice({ userAgent, platform, maxTouchPoints }: DeviceHints): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

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
 * Keeps the browser's install offer for the 'Install App' button instead of
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

function IosInstallHint() {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  return (
    <div className="install-offer">
      <button
        type="button"
        className="install-button"
        aria-expanded={open}
        aria-controls={hintId}
        onClick={() => setOpen(!open)}
      >
        {pwaText().install.button}
      </button>
      <p id={hintId} className="install-offer__hint" hidden={!open}>
        {pwaText().install.iosHint}
      </p>
    </div>
  );
}

/** 'Install App' in the top bar of the landing page and the menu, unless the app is installed already. */
export function InstallButton() {
  const { pathname } = useLocation();
  const canPrompt = useCanPromptInstall();
  const offer = installOffer({
    pathname,
    canPrompt,
    standalone: isStandalone(),
    ios: isIosDevice(navigator),
  });
  if (offer === 'ios-hint') return <IosInstallHint />;
  if (offer === 'none') return null;
  return (
    <div className="install-offer">
      <button type="button" className="install-button" onClick={() => void promptInstall()}>
        {pwaText().install.button}
      </button>
    </div>
  );
}
