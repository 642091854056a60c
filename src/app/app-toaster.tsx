import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { keepToastsBelowNavigation, TOASTS_TOP_OFFSET } from '../ui/toasts-below.ts';
import { uiText } from '../ui/messages.ts';

/** sonner's own offset (16 px) on a phone would put toasts over the brand bar and the install offer. */
const BELOW_THE_NAVIGATION = { top: TOASTS_TOP_OFFSET };

/** The one toaster of the app, in its own chunk: toasts made before it mounts are shown once it does. */
export function AppToaster() {
  const t = uiText();
  useEffect(() => keepToastsBelowNavigation(document.body), []);
  return (
    <Toaster
      position="top-center"
      offset={BELOW_THE_NAVIGATION}
      mobileOffset={BELOW_THE_NAVIGATION}
      richColors
      closeButton
      duration={5000}
      // Sonner's own label ends in its hotkey's key names ('alt+T'): English words on a Hindi page.
      customAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeToast }}
    />
  );
}
