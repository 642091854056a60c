import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.tsx';
import { captureInstallPrompt } from './app/pwa/install-prompt.ts';
import { registerServiceWorker } from './app/pwa/register-service-worker.ts';
import './app/styles.css';

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
