import { Toaster } from 'sonner';
import { uiText } from '../ui/messages.ts';

/**
 * Toasts open at the bottom, as a phone's own snackbars do: at the top they covered the brand bar, and below it the
 * screen's 'Back to Menu' and 'Logout', so a tap meant for those landed on a toast for five seconds. Above the home
 * indicator's inset.
 */
const ABOVE_THE_EDGE = { bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))' };

/** The one toaster of the app, in its own chunk: toasts made before it mounts are shown once it does. */
export function AppToaster() {
  const t = uiText();
  return (
    <Toaster
      position="bottom-center"
      offset={ABOVE_THE_EDGE}
      mobileOffset={ABOVE_THE_EDGE}
      richColors
      closeButton
      duration={5000}
      // Sonner's own label ends in its hotkey's key names ('alt+T'): English words on a Hindi page.
      customAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeToast }}
    />
  );
}
