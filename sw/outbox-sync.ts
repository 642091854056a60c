import { env } from '../src/config/env.ts';
import { replayForBackgroundSync } from '../src/shared/outbox/background-sync.ts';
import { createOutbox, type Outbox } from '../src/shared/outbox/outbox.ts';
import { OUTBOX_SYNC_TAG } from '../src/shared/storage-names.ts';
import { blobToBase64 } from '../src/shared/webhook/attachments.ts';
import { sendToWebhook } from '../src/shared/webhook/client.ts';

declare const self: ServiceWorkerGlobalScope;

let outbox: Outbox | undefined;

/**
 * The same outbox as the page's, over the same store, sending through the
 * same webhook client to the same address (src/config/env.ts is the one
 * reader of the build's settings, for the worker too). No backoff timer: the
 * browser stops an idle worker, so retrying later is the browser's job,
 * asked for by rejecting the sync event.
 */
function workerOutbox(): Outbox {
  outbox ??= createOutbox({
    send: (envelope) => sendToWebhook(envelope, { url: env.webhookUrl }),
    encodeBase64: blobToBase64,
    setTimer: null,
  });
  return outbox;
}

/**
 * Background Sync: the browser wakes the worker once it sees a connection
 * after a page registered OUTBOX_SYNC_TAG, even when every tab is closed. The
 * replay guard keeps this from sending alongside a tab; deliveries reach any
 * open tab over the outbox's BroadcastChannel, which toasts them.
 */
export function replayOutboxOnSync(): void {
  self.addEventListener('sync', (event) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(replayForBackgroundSync(workerOutbox()));
  });
}
