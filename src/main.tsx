import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.tsx';
import { captureInstallPrompt } from './app/pwa/install.tsx';
import { registerServiceWorker } from './app/pwa/register.ts';
import './app/styles.css';
import { whenLoaded } from './app/when-loaded.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

captureInstallPrompt();

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();

// Saved requests go out on start and when the connection returns; in its own chunk, off the first screen's path.
whenLoaded()
  .then(() => import('./app/start-outbox.ts'))
  .then(({ startOutbox }) => startOutbox())
  .catch((error: unknown) =>
    console.error('The outbox could not start: saved requests wait for the next visit.', error),
  );
