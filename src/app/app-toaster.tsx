import { Toaster } from 'sonner';
import { uiText } from '../ui/messages.ts';

/** The one toaster of the app, in its own chunk: toasts made before it mounts are shown once it does. */
export function AppToaster() {
  const t = uiText();
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      duration={5000}
      containerAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeToast }}
    />
  );
}
