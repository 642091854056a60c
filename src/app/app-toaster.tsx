import { Toaster } from 'sonner';

/** The one toaster of the app, in its own chunk: toasts made before it mounts are shown once it does. */
export function AppToaster() {
  return <Toaster position="top-center" richColors closeButton duration={5000} />;
}
