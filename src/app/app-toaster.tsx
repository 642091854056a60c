import { Toaster } from 'sonner';
import { uiText } from '../ui/messages.ts';

/**
 * Toasts open below the brand bar (56 px, and the notch's inset), never over it: on a phone sonner's own offset
 * (16 px) put the first-visit 'Ready to work offline' over the brand and the install offer.
 */
const BELOW_THE_BAR = { top: 'calc(56px + env(safe-area-inset-top, 0px) + 8px)' };

/** The one toaster of the app, in its own chunk: toasts made before it mounts are shown once it does. */
export function AppToaster() {
  const t = uiText();
  return (
    <Toaster
      position="top-center"
      offset={BELOW_THE_BAR}
      mobileOffset={BELOW_THE_BAR}
      richColors
      closeButton
      duration={5000}
      // Sonner's own label ends in its hotkey's key names ('alt+T'): English words on a Hindi page.
      customAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeToast }}
    />
  );
}
