/**
 * The outbox's retry policy, in one place: when to try again, when to ask
 * the browser to wake the worker for it, and which refusal leaves nothing
 * for the person to decide.
 */
import type { WebhookError } from '../webhook/errors.ts';
import type { OutboxAction, OutboxItem } from './types.ts';

/** The first retry happens within this long. */
export const FIRST_RETRY_MS = 5_000;
/** No wait between attempts is ever longer than this. */
export const MAX_RETRY_MS = 5 * 60_000;
/**
 * A browser says online once a network is joined, which can be before it carries requests (an address or a name
 * server still to come; under DevTools' network emulation, a service worker whose network comes back after its
 * page's). A pass made while the browser says online (the one `online` started, or a page's first) that found no
 * connection is tried again this long after (online-settle.ts), not after the backoff (which the failures made while
 * offline have already stretched), and again after twice as long, up to ONLINE_SETTLE_TRIES times: within half a
 * minute of coming online, whatever the backoff stands at.
 */
export const ONLINE_SETTLE_MS = 2_000;
const ONLINE_SETTLE_TRIES = 4;

/** The wait before the next pass when `tried` passes made online found no connection; none once they are used up. */
export function onlineSettleMs(tried: number): number | undefined {
  return tried < ONLINE_SETTLE_TRIES ? ONLINE_SETTLE_MS * 2 ** tried : undefined;
}
/** Items older than this are shown as stale; they are still sent. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60_000;

/**
 * Wait before the next attempt after `attempts` failed ones: 5 s, then
 * doubling up to 5 minutes, with "equal jitter" (half fixed, half random) so
 * phones that lost the same network do not all come back at once, and no wait
 * is ever shorter than half its step.
 */
export function retryDelay(attempts: number, random: () => number): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (Math.max(1, attempts) - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

export function isStale(item: Pick<OutboxItem, 'queuedAt'>, now: number): boolean {
  return now - item.queuedAt >= STALE_AFTER_MS;
}

/**
 * Whether to ask for Background Sync: the oldest request still to send got no
 * answer at all (no connection, or a timeout), which is what the sync event
 * answers: the browser fires it once it sees a connection. After a server
 * error the browser, seeing itself online, would fire it at once, retrying an
 * overloaded server ahead of the backoff; the page's timer handles those.
 */
export function awaitsConnection(items: readonly Pick<OutboxItem, 'state' | 'lastError'>[]): boolean {
  const head = items.find((item) => item.state !== 'failed');
  return head !== undefined && head.lastError !== undefined && head.lastError.kind !== 'http';
}

/**
 * Whether a refusal settles the item with nothing for the person to do, so it
 * leaves the outbox quietly instead of waiting for Retry or Discard: a mark
 * of an announcement the webhook no longer has for this parent (404: staff
 * withdrew it while the mark waited offline). The update has left the
 * parent's list already, and no retry could record the mark. Every other
 * refusal is the person's to see.
 */
export function isMootRefusal(action: OutboxAction, error: WebhookError): boolean {
  return action === 'mark_announcement_seen' && error.kind === 'http' && error.status === 404;
}
