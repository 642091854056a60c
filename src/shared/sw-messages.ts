/**
 * What the page and the service worker say to each other, checked where a
 * message arrives (postMessage carries any value). workbox-window's
 * `messageSkipWaiting()` sends the SKIP_WAITING message below, so its shape is
 * fixed by Workbox. The worker answers OUTBOX_DRAIN over the outbox's
 * channel (OUTBOX_PASS_DONE with the same ticket), not by reply.
 */
import type { DrainMode } from './outbox/types.ts';
import type { PushMessage } from './webhook/push.ts';

export type PageToWorkerMessage =
  | { readonly type: 'SKIP_WAITING' }
  | { readonly type: 'OUTBOX_DRAIN'; readonly mode: DrainMode; readonly ticket: string };

export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type === 'SKIP_WAITING') return true;
  return (
    message.type === 'OUTBOX_DRAIN' &&
    (message.mode === 'now' || message.mode === 'due') &&
    typeof message.ticket === 'string'
  );
}

/** The worker's script, with the webhook address it must send to: the worker reads no build settings of its own. */
export function serviceWorkerUrl(scriptPath: string, webhookUrl: string): string {
  return `${scriptPath}?${new URLSearchParams({ webhook: webhookUrl }).toString()}`;
}

/** The webhook address the page registered the worker with. */
export function webhookUrlOf(workerLocation: { search: string }): string | undefined {
  return new URLSearchParams(workerLocation.search).get('webhook') ?? undefined;
}

/**
 * What the worker tells every open page of the portal: a push arrived, and
 * (for a reply) the saved thread has been refreshed, so a screen re-reads it
 * or fetches, and the menu's unread count follows at once.
 */
export type WorkerToPageMessage = { readonly type: 'PUSH_RECEIVED'; readonly kind: PushMessage['kind'] };

export function isWorkerToPageMessage(data: unknown): data is WorkerToPageMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === 'PUSH_RECEIVED' &&
    (message.kind === 'reply' ||
      message.kind === 'reminder' ||
      message.kind === 'request_update' ||
      message.kind === 'announcement')
  );
}
