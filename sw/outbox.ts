import { createPortalOutbox } from '../src/shared/outbox/portal-outbox.ts';
import { createUntoldOutcomes, keepingOutcomes } from '../src/shared/outbox/untold.ts';
import { OUTBOX_SYNC_TAG } from '../src/shared/storage-names.ts';
import { isPageToWorkerMessage, webhookUrlOf } from '../src/shared/sw-messages.ts';
import { WEBHOOK_PATH } from '../src/shared/webhook/endpoint.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The worker is the portal's sender whenever it controls a page: pages store
 * requests and send OUTBOX_DRAIN; every pass runs here inside the event's
 * waitUntil, so a page closed, reloaded or navigated away mid-send never
 * cuts the send short or loses its answer (which reaches every open tab over
 * the outbox's channel). The address comes from the page that registered the
 * worker (sw-messages.ts), the one reader of the build's settings; a worker
 * registered without one sends to the bundled reference webhook's path.
 *
 * Background Sync: the browser wakes the worker once it sees a connection
 * after a page registered OUTBOX_SYNC_TAG, even with every tab closed.
 * Rejecting asks the browser to fire it again later, which is wanted only
 * while items still wait. Every outcome (sent, or refused) is kept before the
 * pages hear of it (untold.ts): one that no page was listening for, every tab
 * closed or one still starting, is told at the app's next start.
 */
export function sendFromWorker(): void {
  const outbox = createPortalOutbox(webhookUrlOf(self.location) ?? WEBHOOK_PATH, 'worker', {
    keepOutcome: keepingOutcomes(createUntoldOutcomes()),
  });

  self.addEventListener('message', (event) => {
    const message: unknown = event.data;
    if (!isPageToWorkerMessage(message) || message.type !== 'OUTBOX_DRAIN') return;
    // The pass reports its own failures on the items and in OUTBOX_PASS_DONE.
    event.waitUntil(outbox.drain(message.mode, message.ticket).catch(() => undefined));
  });

  self.addEventListener('sync', (event) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(
      outbox.drain('now').then((report) => {
        if (report && report.waiting.length > 0)
          throw new Error(`${report.waiting.length} outbox item(s) still waiting`);
      }),
    );
  });
}
