/**
 * What the page and the service worker say to each other, as one typed union
 * per direction, checked where a message arrives (postMessage carries any
 * value). workbox-window's `messageSkipWaiting()` sends the SKIP_WAITING
 * message below, so its shape is fixed by Workbox.
 */
export type PageToWorkerMessage = { readonly type: 'SKIP_WAITING' };

const PAGE_TO_WORKER_TYPES: ReadonlySet<string> = new Set<PageToWorkerMessage['type']>(['SKIP_WAITING']);

export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return typeof type === 'string' && PAGE_TO_WORKER_TYPES.has(type);
}
