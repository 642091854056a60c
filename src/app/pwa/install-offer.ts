import { paths } from '../../config/paths.ts';

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
