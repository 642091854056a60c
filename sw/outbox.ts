import { createPortalOutbox } from '../src/shared/outbox/portal-outbox.ts';
import { createUntoldOutcomes, untoldOutcomeOf } from '../src/shared/outbox/untold.ts';
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
 * while items still wait. An outcome reached with no page of the portal open
 * (sent, or refused) is kept (untold.ts), and the app tells it at its next start.
 */
export function sendFromWorker(): void {
  const outbox = createPortalOutbox(webhookUrlOf(self.location) ?? WEBHOOK_PATH, 'worker');
  const untold = createUntoldOutcomes();
  const keeping = new Set<Promise<void>>();
  outbox.subscribe((event) => {
    const outcome = untoldOutcomeOf(event);
    if (!outcome) return;
    const kept = self.clients
      .matchAll({ type: 'window' })
      .then((pages) => (pages.length === 0 ? untold.keep(outcome) : undefined))
      .catch((error: unknown) => console.error('An outcome no page heard could not be kept', error));
    keeping.add(kept);
    void kept.finally(() => keeping.delete(kept));
  });
  /** A pass, then whatever it left to keep: the worker may be stopped once the event's promise settles. */
  const pass = <T>(drained: Promise<T>) => drained.finally(() => Promise.all([...keeping]));

  self.addEventListener('message', (event) => {
    const message: unknown = event.data;
    if (!isPageToWorkerMessage(message) || message.type !== 'OUTBOX_DRAIN') return;
    // The pass reports its own failures on the items and in OUTBOX_PASS_DONE.
    event.waitUntil(pass(outbox.drain(message.mode, message.ticket)).catch(() => undefined));
  });

  self.addEventListener('sync', (event) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(
      pass(outbox.drain('now')).then((report) => {
        if (report && report.waiting.length > 0)
          throw new Error(`${report.waiting.length} outbox item(s) still waiting`);
      }),
    );
  });
}
