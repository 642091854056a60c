/**
 * Where toasts open. At the top, where a phone's keyboard never hides them, but below what a person taps to get
 * around: the brand bar, the offline banner and a screen's navigation row (Back to Menu, Logout, the language). A
 * toast over 'Back to Menu' took the tap meant for it for five seconds, and for as long as a finger rested on it.
 * Those elements carry `data-toasts-below` (src/app/app-layout.tsx, src/app/pwa/offline.tsx, src/ui/page.tsx, the
 * landing page); while a toast shows, the lowest of them in view sets --toasts-top. This module is the toaster
 * chunk's alone, off the first screen's path: the attribute is written out where it is set.
 */
const TOASTS_BELOW = '[data-toasts-below]';

const TOASTS_TOP = '--toasts-top';

/** The toaster's top offset: the CSS variable, and before anything is measured, just below the 56 px brand bar. */
export const TOASTS_TOP_OFFSET = `var(${TOASTS_TOP}, calc(56px + env(safe-area-inset-top, 0px) + 12px))`;

/**
 * 12 px under the lowest bottom edge in view, room for sonner's close button, which stands 10 px above its toast;
 * once all of it has scrolled away, 12 px under the notch.
 */
export function toastsTop(bottoms: readonly number[]): string {
  const lowest = Math.max(0, ...bottoms);
  return `calc(max(${Math.round(lowest)}px, env(safe-area-inset-top, 0px)) + 12px)`;
}

/**
 * Keeps --toasts-top under the navigation while toasts show: on each change to the page's elements (a toast added,
 * the banner shown, another screen) before it is painted; on scroll, resize and the banner opening, once a frame.
 */
export function keepToastsBelowNavigation(root: HTMLElement): () => void {
  let frame = 0;
  const place = () => {
    frame = 0;
    if (!root.querySelector('[data-sonner-toast]')) return;
    const bottoms = [...root.querySelectorAll(TOASTS_BELOW)].map((element) => element.getBoundingClientRect().bottom);
    document.documentElement.style.setProperty(TOASTS_TOP, toastsTop(bottoms));
  };
  const placeSoon = () => {
    frame ||= requestAnimationFrame(place);
  };
  const changes = new MutationObserver(place);
  changes.observe(root, { childList: true, subtree: true });
  addEventListener('scroll', placeSoon, { passive: true });
  addEventListener('resize', placeSoon);
  // The offline banner's details open and close with no element added.
  root.addEventListener('toggle', placeSoon, true);
  place();
  return () => {
    changes.disconnect();
    root.removeEventListener('toggle', placeSoon, true);
    removeEventListener('scroll', placeSoon);
    removeEventListener('resize', placeSoon);
    cancelAnimationFrame(frame);
  };
}
