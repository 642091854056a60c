/**
 * When a notification the parent has not seen goes out as a text message
 * instead, the same for every backend:
 * - a reply, a request's outcome or an update from the programme is looked
 *   at a wait (30 minutes) after it could first be shown, that is after the
 *   quiet hours when it came in them; a moment that then falls in the quiet
 *   hours waits for their end;
 * - it is not texted when the parent has seen it, when a push of it was
 *   accepted by one of their phones' push services, or when the parent
 *   turned text_fallback off (checked again at every try, so off stops a
 *   text still waiting or being retried);
 * - at most one text a day (India's day) for replies and outcomes together,
 *   and apart from them one for updates; an urgent update goes at once,
 *   quiet hours or not, and counts against nothing;
 * - a gateway that fails is tried again with backoff (textRetryAt), up to
 *   TEXT_MAX_ATTEMPTS times.
 */
import { istDayOf } from '../format/ist-zone.ts';
import type { NotificationSettings } from '../webhook/push.ts';
import { showableAt } from './quiet-hours.ts';

export type NoticeKind = 'reply' | 'request_update' | 'announcement';

/** The default wait: a server may shorten it by its settings (tests), the rule stays. */
export const TEXT_WAIT_MS = 30 * 60 * 1000;

/** The daily limit's counts: replies and outcomes share one, updates have their own. */
export const LIMIT_GROUP = {
  reply: 'personal',
  request_update: 'personal',
  announcement: 'announcement',
} as const satisfies Record<NoticeKind, string>;

export const TEXTS_A_DAY = 1;

export interface NoticeFacts {
  kind: NoticeKind;
  urgent: boolean;
  /** When it was sent. */
  createdAt: Date;
  seen: boolean;
  pushed: boolean;
  /** Decided already to text it (waiting for the gateway): the wait and the limit are behind it. */
  queued: boolean;
  settings: Pick<NotificationSettings, 'text_fallback' | 'quiet_start' | 'quiet_end'>;
  /**
   * Texts of its limit group this parent was sent (or has queued) today, India's day. An urgent update's count
   * against nothing: a backend leaves them out.
   */
  textedToday: number;
}

export type TextDecision =
  | { kind: 'send' }
  | { kind: 'hold'; until: Date }
  | { kind: 'skip'; reason: 'off' | 'seen' | 'pushed' | 'limit' };

/** The first moment a notice sent at `createdAt` may be texted. */
export function textableAt(quiet: NoticeFacts['settings'], createdAt: Date, waitMs: number): Date {
  const shown = showableAt(quiet, createdAt);
  return showableAt(quiet, new Date(shown.getTime() + waitMs));
}

export function textDecision(facts: NoticeFacts, now: Date, waitMs: number = TEXT_WAIT_MS): TextDecision {
  if (!facts.settings.text_fallback) return { kind: 'skip', reason: 'off' };
  if (facts.seen) return { kind: 'skip', reason: 'seen' };
  if (facts.pushed) return { kind: 'skip', reason: 'pushed' };
  const urgent = facts.kind === 'announcement' && facts.urgent;
  if (urgent) return { kind: 'send' };
  const earliest = facts.queued ? showableAt(facts.settings, now) : textableAt(facts.settings, facts.createdAt, waitMs);
  if (earliest.getTime() > now.getTime()) return { kind: 'hold', until: earliest };
  if (!facts.queued && facts.textedToday >= TEXTS_A_DAY) return { kind: 'skip', reason: 'limit' };
  return { kind: 'send' };
}

/** India's day of a moment, as the limit counts it: "2026-11-25". */
export function textDay(at: Date): string {
  const { year, month, day } = istDayOf(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const TEXT_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 30 * 60 * 1000;

/**
 * When a text the gateway failed (`attempts` tries so far, this one
 * included) is tried again: 30 s, doubling to at most 30 minutes, a tenth
 * of it at random so many parents' texts do not come back together; undefined
 * once TEXT_MAX_ATTEMPTS tries have failed.
 */
export function textRetryAt(attempts: number, now: Date, random: () => number = Math.random): Date | undefined {
  if (attempts >= TEXT_MAX_ATTEMPTS) return undefined;
  const base = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
  return new Date(now.getTime() + base + Math.floor(base * 0.1 * random()));
}
