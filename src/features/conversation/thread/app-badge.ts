/** The Badging API, in Chromium's installed apps; missing from some TypeScript libs and most browsers. */
interface WithBadge {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** The installed app's icon shows the unread replies, where the browser can. */
export function setUnreadBadge(count: number): void {
  const badging = navigator as WithBadge;
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  void done?.catch(() => {
    // Not installed, or the permission withheld: the menu's count still says it.
  });
}
