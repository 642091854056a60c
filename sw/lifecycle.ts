import { clientsClaim } from 'workbox-core';
import { isPageToWorkerMessage } from '../src/shared/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * A first install takes control of open pages at once (clientsClaim), so the
 * first visit already works offline. An update waits until the parent chooses
 * 'Reload' and the page sends SKIP_WAITING: a new worker never swaps the code
 * under a page by itself.
 */
export function handleLifecycle(): void {
  clientsClaim();
  self.addEventListener('message', (event) => {
    if (isPageToWorkerMessage(event.data) && event.data.type === 'SKIP_WAITING') {
      event.waitUntil(self.skipWaiting());
    }
  });
}
