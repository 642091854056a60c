/**
 * The portal's outbox, built one way for both its homes. In the service
 * worker it is the sender. In a page it stores requests and hands every pass
 * to the worker that controls the page, so sends outlive the page; a page no
 * worker controls (the first visit, the dev server) sends itself, under the
 * same lock. The page also keeps the backoff timer (a worker is stopped
 * between events), asks for Background Sync while requests wait for a
 * connection, and passes what the worker's sends say about the connection to
 * the page's offline banner.
 */
import { createConversationStore, type ConversationStore } from '../conversation/store.ts';
import { OUTBOX_SYNC_TAG } from '../storage-names.ts';
import type { PageToWorkerMessage } from '../sw-messages.ts';
import { blobToBase64 } from '../webhook/attachments.ts';
import { sendToWebhook, type WebhookResponse } from '../webhook/client.ts';
import { connectivity } from '../webhook/connectivity.ts';
import { createOutbox, type Outbox, type OutboxOptions, type PassRequest } from './outbox.ts';
import { awaitsConnection } from './policy.ts';
import type { OutboxEvent } from './types.ts';

export type OutboxHome = 'page' | 'worker';

/** Background Sync is Chromium-only and missing from TypeScript's libs. */
interface WithSync {
  sync?: { register(tag: string): Promise<void> };
}

/** The worker controlling this page, if any; page-only APIs, looked up at call time. */
function controller(): ServiceWorker | null | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.serviceWorker?.controller;
}

function handToWorker({ mode, ticket }: PassRequest): boolean {
  const worker = controller();
  if (!worker) return false;
  const message: PageToWorkerMessage = { type: 'OUTBOX_DRAIN', mode, ticket };
  worker.postMessage(message);
  return true;
}

/**
 * Asks the browser to wake the worker once the connection is back, so items
 * go out even if every tab is closed by then; only while the oldest waiting
 * item lacks a connection. Never awaited: `ready` never settles where no
 * worker is registered (the dev server).
 */
function requestBackgroundSync(outbox: Outbox): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  outbox
    .list()
    .then(async (items) => {
      if (!awaitsConnection(items)) return;
      const registration: ServiceWorkerRegistration & WithSync = await navigator.serviceWorker.ready;
      await registration.sync?.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => {
      // Refused (permission, storage, an old browser): the page's own triggers still send.
    });
}

/** An attempt's outcome, wherever it was made, says whether the phone has a connection. */
function reportConnectivity(event: OutboxEvent): void {
  if (event.type === 'OUTBOX_DELIVERED' || event.type === 'OUTBOX_FAILED') connectivity.report('online');
  if (event.type === 'OUTBOX_DEFERRED') connectivity.report(event.error.kind === 'http' ? 'online' : 'offline');
}

type Send = typeof sendToWebhook;

/** What a read mark whose token is gone answers without being sent: nothing was kept, as the webhook would say. */
export const READ_NOT_SENT: WebhookResponse = { status: 200, body: { recorded: false } satisfies { recorded: false } };

/**
 * Sends a chat message and a read mark with the conversation's token when
 * this phone holds one for its parent: staff can tell a message came from
 * the parent's verified phone and not from someone who only knows a name and
 * a number, and mark_read needs it. The token is looked up at each send, not
 * kept with the request: a message saved before logout goes without it, and
 * a read mark is then settled here unsent (READ_NOT_SENT), since the webhook
 * could only refuse it and it is nobody's to retry. Every other action goes
 * as it is.
 */
export function withConversationToken(
  send: Send,
  conversations: () => ConversationStore,
): (envelope: Parameters<Send>[0], options: Parameters<Send>[1]) => ReturnType<Send> {
  return async (envelope, options) => {
    if (envelope.action !== 'chat_facilitator' && envelope.action !== 'mark_read') return send(envelope, options);
    const { token } = await conversations()
      .read(envelope.user)
      .catch(() => ({ token: undefined }));
    if (token === undefined) return envelope.action === 'mark_read' ? READ_NOT_SENT : send(envelope, options);
    return send(envelope, { ...options, bearer: token });
  };
}

/** `worker`: what only the worker's outbox is given (its outcomes kept for pages that start too late to hear them). */
export function createPortalOutbox(
  webhookUrl: string,
  home: OutboxHome,
  worker: Pick<OutboxOptions, 'keepOutcome'> = {},
): Outbox {
  let conversations: ConversationStore | undefined;
  // Opened at the first chat message's or read mark's send, not at start.
  const sendWithToken = withConversationToken(sendToWebhook, () => (conversations ??= createConversationStore()));
  const send = (envelope: Parameters<Send>[0]) => sendWithToken(envelope, { url: webhookUrl });
  if (home === 'worker') return createOutbox({ send, encodeBase64: blobToBase64, setTimer: null, ...worker });
  const outbox = createOutbox({ send, encodeBase64: blobToBase64, delegate: handToWorker });
  outbox.subscribe((event) => {
    reportConnectivity(event);
    if (event.type === 'OUTBOX_PASS_DONE' && event.waiting.length > 0) requestBackgroundSync(outbox);
  });
  return outbox;
}

let pageInstance: Outbox | undefined;

/** The page's one outbox: every screen and trigger of a tab shares it, so its timer is armed once. */
export function pageOutbox(webhookUrl: string): Outbox {
  pageInstance ??= createPortalOutbox(webhookUrl, 'page');
  return pageInstance;
}
