/**
 * The notification a push becomes, decided here once for the service worker
 * (and its tests), with no DOM:
 * - in the language the push names;
 * - one notification per conversation (its tag): a reply that arrives while
 *   an earlier one is still shown replaces it, counting them ("3 new
 *   messages"), and opens the chat at the first of them;
 * - a reply's text only when the parent turned on show_text: otherwise the
 *   author's name and nothing more, since a phone may be shared and a message
 *   may be about a child;
 * - a reminder says the session's day, time and facilitator and opens the
 *   schedule, as does a request's answer (its card is there);
 * - an announcement shows its title, its text only when the push carries it
 *   (show_text), and opens that announcement.
 */
import { messageAnchor } from '../conversation/thread.ts';
import { pathIn } from '../i18n/locale.ts';
import type { PushMessage } from '../webhook/push.ts';
import { PUSH_TEXTS } from './messages-hi.ts';

/** The screens a notification opens, from the route table (the worker passes src/config/paths.ts). */
export interface NotificationRoutes {
  chat: string;
  schedule: string;
  /** One announcement's address (src/config/paths.ts's announcementPath). */
  announcement: (id: string) => string;
}

/** What a notification keeps for its click, and for the next push of its tag. */
export interface NotificationData {
  /** The address to open, the language's prefix included. */
  url: string;
  /** How many replies this notification stands for. */
  count: number;
}

/** A notification already on screen, as `registration.getNotifications()` gives it. */
export interface ShownNotification {
  tag: string;
  data: unknown;
}

export interface PushNotification {
  title: string;
  body: string;
  tag: string;
  lang: string;
  data: NotificationData;
}

/** The tag of the conversation's notification: one per phone, since a parent has one facilitator thread. */
export const CONVERSATION_TAG = 'conversation';

export function readNotificationData(data: unknown): NotificationData | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { url, count } = data as Record<string, unknown>;
  if (typeof url !== 'string' || typeof count !== 'number' || !Number.isInteger(count) || count < 1) return undefined;
  return { url, count };
}

export function pushNotification(
  message: PushMessage,
  shown: readonly ShownNotification[],
  routes: NotificationRoutes,
): PushNotification {
  const t = PUSH_TEXTS[message.language];
  const lang = message.language;
  const at = (path: string) => pathIn(message.language, path);
  switch (message.kind) {
    case 'reply': {
      const earlier = shown
        .filter((notification) => notification.tag === CONVERSATION_TAG)
        .map((notification) => readNotificationData(notification.data))
        .find((data) => data !== undefined);
      const count = (earlier?.count ?? 0) + 1;
      const author = message.author.trim() || t.facilitator;
      const url = earlier?.url ?? `${at(routes.chat)}#${messageAnchor(message.message_id)}`;
      return {
        title: count === 1 ? t.newMessageFrom(author) : t.newMessages(count),
        body: message.text ?? (count === 1 ? '' : t.from(author)),
        tag: CONVERSATION_TAG,
        lang,
        data: { url, count },
      };
    }
    case 'reminder': {
      const { day, time, facilitator } = message.session;
      return {
        title: message.lead === 'day_before' ? t.reminderDayBefore : t.reminderHourBefore,
        body: t.reminderBody(day, time, facilitator),
        tag: `reminder-${message.starts_at}`,
        lang,
        data: { url: at(routes.schedule), count: 1 },
      };
    }
    case 'request_update': {
      const outcome = {
        confirmed: t.requestConfirmed,
        offered: t.requestOffered,
        declined: t.requestDeclined,
      }[message.outcome];
      return {
        title: t.requestTitle,
        body: outcome,
        tag: `request-${message.request_id}`,
        lang,
        data: { url: at(routes.schedule), count: 1 },
      };
    }
    case 'announcement':
      return {
        title: message.title,
        body: message.text ?? '',
        tag: `announcement-${message.announcement_id}`,
        lang,
        data: { url: at(routes.announcement(message.announcement_id)), count: 1 },
      };
  }
}

/** A push's data as a PushMessage, or undefined when it is not one (the worker then shows nothing of it). */
export function readPushMessage(value: unknown): PushMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.language !== 'en' && message.language !== 'hi') return undefined;
  const isText = (field: unknown) => typeof field === 'string';
  switch (message.kind) {
    case 'reply':
      return isText(message.message_id) &&
        isText(message.author) &&
        (message.text === undefined || isText(message.text))
        ? (value as PushMessage)
        : undefined;
    case 'reminder': {
      const session = message.session as Record<string, unknown> | null | undefined;
      const ok =
        typeof session === 'object' &&
        session !== null &&
        isText(session.day) &&
        isText(session.time) &&
        isText(session.facilitator) &&
        (message.lead === 'day_before' || message.lead === 'hour_before') &&
        isText(message.starts_at);
      return ok ? (value as PushMessage) : undefined;
    }
    case 'request_update':
      return isText(message.request_id) && ['confirmed', 'offered', 'declined'].includes(String(message.outcome))
        ? (value as PushMessage)
        : undefined;
    case 'announcement':
      return isText(message.announcement_id) &&
        isText(message.title) &&
        (message.text === undefined || isText(message.text)) &&
        typeof message.urgent === 'boolean'
        ? (value as PushMessage)
        : undefined;
    default:
      return undefined;
  }
}
