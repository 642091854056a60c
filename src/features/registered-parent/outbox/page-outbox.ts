/**
 * The page's one outbox: the shared layer (src/shared/outbox) bound to the
 * webhook address and the same sending path as a first send. Every screen and
 * trigger in this tab uses this instance, so its backoff timer is armed once.
 */
import { env } from '../../../config/env.ts';
import { createOutbox, type Outbox } from '../../../shared/outbox/outbox.ts';
import { OUTBOX_SYNC_TAG } from '../../../shared/storage-names.ts';
import { blobToBase64 } from '../../../shared/webhook/attachments.ts';
import { sendToWebhook } from '../../../shared/webhook/client.ts';
import { awaitsConnection } from './parent-items.ts';

let outbox: Outbox | undefined;

export function pageOutbox(): Outbox {
  outbox ??= createOutbox({
    send: (envelope) => sendToWebhook(envelope, { url: env.webhookUrl }),
    encodeBase64: blobToBase64,
  });
  return outbox;
}

/** Background Sync is Chromium-only and missing from TypeScript's DOM types. */
interface WithSync {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker once the connection is back, so
 * items go out even if every tab is closed by then; only while the oldest
 * waiting item lacks a connection (see awaitsConnection). Never awaited:
 * `ready` never settles where no worker is registered (the dev server).
 */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  pageOutbox()
    .list()
    .then(async (items) => {
      if (!awaitsConnection(items)) return;
      const registration: ServiceWorkerRegistration & WithSync = await navigator.serviceWorker.ready;
      await registration.sync?.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => {
      // Refused (permission, storage, an old browser): the page's own triggers still replay.
    });
}
