/**
 * Resolves once the page has loaded. Work the first screen does not need
 * (service worker, outbox, toaster) starts then, so on slow mobile data its
 * chunks never compete with the first paint for bandwidth or the main thread.
 */
export function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
