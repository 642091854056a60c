/**
 * Whether this phone can turn notifications on, and what to say when it
 * cannot. Pure: the screen passes in what the browser shows.
 * - 'unsupported': no service worker, Push API or Notification here;
 * - 'install': iOS gives push only to an installed app (Home Screen);
 * - 'denied': the person refused, and only the browser's settings undo it;
 * - 'ask': a tap may ask (never on load);
 * - 'granted': allowed; subscribed or not is the server's and pushManager's.
 */
export type PushAvailability = 'unsupported' | 'install' | 'denied' | 'ask' | 'granted';

export interface BrowserPush {
  hasPush: boolean;
  permission: NotificationPermission | undefined;
  ios: boolean;
  standalone: boolean;
}

export function pushAvailability({ hasPush, permission, ios, standalone }: BrowserPush): PushAvailability {
  if (ios && !standalone) return 'install';
  if (!hasPush || permission === undefined) return 'unsupported';
  if (permission === 'denied') return 'denied';
  return permission === 'granted' ? 'granted' : 'ask';
}

/** iPhone, iPod, and iPadOS, which names itself a Mac with a touch screen. */
export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/** What this browser shows now; nothing of it on the server, where the prerender runs. */
export function browserPush(): BrowserPush {
  const hasPush = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return {
    hasPush,
    permission: 'Notification' in window ? Notification.permission : undefined,
    ios: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    standalone: window.matchMedia('(display-mode: standalone)').matches,
  };
}
