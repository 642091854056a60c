/**
 * How a push is sent and what its push service's answer means, the same for
 * both backends (RFC 8030):
 * - every push carries a TTL, an Urgency and a Topic, one per conversation
 *   (and per request), so a newer push replaces one still waiting;
 * - 2xx: delivered; 404 or 410: the subscription is gone, delete it;
 * - 429, 5xx, or no answer: retry with exponential backoff, never sooner than
 *   the service's Retry-After, at most PUSH_MAX_ATTEMPTS times;
 * - any other 4xx (a malformed push, a key the subscription was not made
 *   with, a body too large): sending it again cannot help, drop it.
 * And what the parent's settings make of a push before it is sent
 * (sendingDecision).
 */
import type { NotificationSettings, PushMessage } from '../webhook/push.ts';
import { quietHoursEnd } from './quiet-hours.ts';

/** The setting that turns each kind of push on and off. */
export const SETTING_OF = {
  reply: 'replies',
  reminder: 'reminders',
  request_update: 'request_updates',
  announcement: 'announcements',
} as const satisfies Record<PushMessage['kind'], keyof NotificationSettings>;

/**
 * Whether a kind waits for the end of the quiet hours: a reply, a request
 * update or an announcement does (an urgent announcement does not: see
 * sendingDecision); a reminder does not, since one whose moment falls in them
 * is dropped when it is due (reminders.ts).
 */
export const WAITS_FOR_QUIET_HOURS: Record<PushMessage['kind'], boolean> = {
  reply: true,
  reminder: false,
  request_update: true,
  announcement: true,
};

export type SendingDecision = { kind: 'send' } | { kind: 'hold'; until: Date } | { kind: 'drop' };

/**
 * What the parent's settings as they are at `now` make of a push due then:
 * dropped when its kind is turned off or it has expired (`expiresAt`, ISO),
 * held until the quiet hours end when its kind waits for them and it is not
 * `urgent` (an announcement staff marked urgent, or a session change within
 * a day), else sent.
 * Both senders decide each due push with it, and a change of settings makes
 * every held push of the device due at once, so it is decided again by the
 * settings just saved: quiet hours turned off or shortened release it, a kind
 * turned off drops it.
 */
export function sendingDecision(
  kind: PushMessage['kind'],
  settings: NotificationSettings,
  now: Date,
  expiresAt: string | null,
  urgent = false,
): SendingDecision {
  if (!settings[SETTING_OF[kind]]) return { kind: 'drop' };
  if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime()) return { kind: 'drop' };
  const until = WAITS_FOR_QUIET_HOURS[kind] && !urgent ? quietHoursEnd(settings, now) : undefined;
  return until ? { kind: 'hold', until } : { kind: 'send' };
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushHeaders {
  /** Seconds the push service keeps the push for an offline phone. */
  ttl: number;
  urgency: Urgency;
  /** At most 32 base64url characters. */
  topic: string;
}

const HOUR_S = 60 * 60;
export const REPLY_TTL_S = 2 * 24 * HOUR_S;
export const REQUEST_UPDATE_TTL_S = 7 * 24 * HOUR_S;
/** An announcement is still in the parent's list after this; the push only says it came. */
export const ANNOUNCEMENT_TTL_S = 2 * 24 * HOUR_S;
/** A reminder outlives its session by nothing: kept at most until the session starts, and at least a minute. */
const MIN_TTL_S = 60;

export function pushHeaders(message: PushMessage, now: Date): PushHeaders {
  switch (message.kind) {
    case 'reply':
      return { ttl: REPLY_TTL_S, urgency: 'high', topic: 'conversation' };
    case 'reminder': {
      const untilStart = Math.floor((Date.parse(message.starts_at) - now.getTime()) / 1000);
      const urgency = message.lead === 'hour_before' ? 'high' : 'normal';
      return { ttl: Math.max(MIN_TTL_S, untilStart), urgency, topic: 'reminder' };
    }
    case 'request_update':
      return {
        ttl: REQUEST_UPDATE_TTL_S,
        urgency: 'normal',
        topic: `request-${message.request_id.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}`,
      };
    case 'announcement':
      return {
        ttl: ANNOUNCEMENT_TTL_S,
        urgency: message.urgent ? 'high' : 'normal',
        topic: `news-${message.announcement_id.replace(/[^A-Za-z0-9]/g, '').slice(0, 27)}`,
      };
  }
}

export const PUSH_MAX_ATTEMPTS = 8;
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** A Retry-After further off than this is taken as this: a push hours late is worth little more than none. */
export const RETRY_AFTER_MAX_MS = 6 * 60 * 60 * 1000;

export type Verdict =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; at: Date }
  | { kind: 'drop'; reason: string };

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * What to do after a push service's answer (status 0: no answer at all),
 * for a job already tried `attempts` times before this one. `random` in
 * [0, 1) spreads retries (±20%) so pushes refused together do not return together.
 */
export function deliveryVerdict(
  status: number,
  retryAfter: string | undefined,
  attempts: number,
  now: Date,
  random: () => number = Math.random,
): Verdict {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  const retriable = status === 0 || status === 429 || status >= 500;
  if (!retriable) return { kind: 'drop', reason: `the push service answered ${status}` };
  if (attempts + 1 >= PUSH_MAX_ATTEMPTS)
    return { kind: 'drop', reason: `no delivery after ${PUSH_MAX_ATTEMPTS} tries` };
  const backoff = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempts) * (0.8 + 0.4 * random());
  const asked = Math.min(RETRY_AFTER_MAX_MS, retryAfterMs(retryAfter, now) ?? 0);
  return { kind: 'retry', at: new Date(now.getTime() + Math.max(backoff, asked)) };
}
