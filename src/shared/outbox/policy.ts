/**
 * The outbox's retry policy, in one place so the screens (first send) and the
 * replayer (later sends) can never disagree about it.
 */
import { isRetryable, WebhookError } from '../webhook/errors.ts';
import type { OutboxItem } from './types.ts';

/** The first retry happens within this long. */
export const FIRST_RETRY_MS = 5_000;
/** No wait between attempts is ever longer than this. */
export const MAX_RETRY_MS = 5 * 60_000;
/** Items older than this are shown as stale; they are still sent. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60_000;

/**
 * Whether a failed send is kept for later: no answer (network, timeout) or an
 * answer that blames the server (408, 429, 5xx). Any other refusal is about
 * the request itself and goes straight to the person.
 */
export function shouldQueue(error: unknown): error is WebhookError {
  return error instanceof WebhookError && isRetryable(error);
}

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
