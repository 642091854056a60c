import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadScreen } from './app/app-routes.tsx';
import { captureInstallPrompt } from './app/pwa/install.tsx';
import { registerServiceWorker } from './app/pwa/register.ts';
import './app/styles.css';
import { whenLoaded } from './app/when-loaded.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

captureInstallPrompt();

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// A prerendered page is hydrated once its screen's chunk is in, so it never suspends, and in a transition, so
// hydrating yields to the browser every few milliseconds instead of blocking a slow phone's main thread. The empty
// app shell (the service worker's answer for any other address) and the dev server's page are rendered from scratch.
if (root.hasChildNodes()) {
  preloadScreen(window.location.pathname)
    .catch((error: unknown) => console.error('The screen could not load: it is drawn once it does.', error))
    .finally(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}

registerServiceWorker();

// Saved requests go out on start and when the connection returns; in its own chunk, off the first screen's path.
whenLoaded()
  .then(() => import('./app/start-outbox.ts'))
  .then(({ startOutbox }) => startOutbox())
  .catch((error: unknown) =>
    console.error('The outbox could not start: saved requests wait for the next visit.', error),
  );
