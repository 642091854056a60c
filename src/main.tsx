import { startTransition, StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadScreen } from './app/app-routes.tsx';
import { appText } from './app/messages.ts';
import { captureInstallPrompt } from './app/pwa/install.tsx';
import { registerServiceWorker } from './app/pwa/register.ts';
import { nextTask } from './app/start/next-task.ts';
import { createRoot, hydrateRoot } from './app/start/react-dom-client.ts';
import { evaluateScreenChunks } from './app/start/screen-chunks.ts';
import './app/styles.css';
import { whenLoaded } from './app/when-loaded.ts';
import { beginHydration } from './ui/use-hydrated.ts';
import { activateLocale } from './shared/i18n/catalog.ts';
import { basenameOf, localeOfPath, routePath } from './shared/i18n/locale.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

captureInstallPrompt();

// The address names the page's language (/hi/…), fixed for the page's life.
const locale = localeOfPath(window.location.pathname);

/** Hindi pages load their texts before the first render, so no screen draws a word of English first. */
async function loadLocale(): Promise<void> {
  if (locale === 'hi') activateLocale('hi', (await import('./app/hindi.ts')).hindi);
  // The app shell (the service worker's answer for an address with no page of its own) is the English template.
  document.documentElement.lang = locale;
  document.title = appText().documentTitle;
}

/**
 * The start, one step a task, so no step waits behind another on a slow
 * phone's main thread: the texts, the screen's chunks (each evaluated in a
 * task of its own), then hydration. A prerendered page is hydrated once its screen's
 * chunk is in, so it never suspends, and in a transition, so hydrating yields
 * to the browser every few milliseconds. The empty app shell (the service
 * worker's answer for any other address) and the dev server's page are
 * rendered from scratch, as is a page in the other language (a host's one
 * 404.html answering a Hindi address).
 */
async function start(): Promise<void> {
  await loadLocale().catch((error: unknown) =>
    console.error('The Hindi texts could not load: the page stays in English.', error),
  );
  await nextTask();
  const app = (
    <StrictMode>
      <BrowserRouter basename={basenameOf(locale)}>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (root?.hasChildNodes() && root.dataset.locale === locale) {
    await evaluateScreenChunks()
      .then(() => preloadScreen(routePath(window.location.pathname)))
      .catch((error: unknown) => console.error('The screen could not load: it is drawn once it does.', error));
    await nextTask();
    beginHydration();
    startTransition(() => void hydrateRoot(root, app));
  } else if (root) {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

const started = start();

// After the texts are in: its toasts ('Ready to work offline', a new version) speak the page's language.
void started.then(nextTask).then(registerServiceWorker);

// Saved requests go out on start and when the connection returns; in its own chunk, off the first screen's path.
Promise.all([whenLoaded(), started])
  .then(nextTask)
  .then(() => import('./app/start-outbox.ts'))
  .then(({ startOutbox }) => startOutbox())
  .catch((error: unknown) =>
    console.error('The outbox could not start: saved requests wait for the next visit.', error),
  );
