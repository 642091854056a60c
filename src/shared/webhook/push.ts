/**
 * The notification half of the webhook contract: the bearer-token actions a
 * verified phone uses to turn Web Push on and off and to keep its settings,
 * and the payload a push carries to the service worker. A subscription and
 * the device's settings belong to the device token: revoking the token
 * (logout) removes them. The parent's settings (all but those of
 * DEVICE_ONLY_SETTINGS) outlive it. docs/webhook-contract.md describes each
 * action and its refusals.
 */
import type { Language } from './types.ts';

export type PushAction = 'push_settings' | 'push_subscribe' | 'push_unsubscribe';

export const PUSH_ACTIONS: readonly PushAction[] = ['push_settings', 'push_subscribe', 'push_unsubscribe'];

/** What a parent chose; quiet hours are wall-clock times in Asia/Kolkata. */
export interface NotificationSettings {
  replies: boolean;
  reminders: boolean;
  request_updates: boolean;
  /** What the programme says to many parents at once (announcements and session changes). */
  announcements: boolean;
  /** Off by default: a phone may be shared, and a message may be about a child. */
  show_text: boolean;
  /** The programme sees when this phone's chat screen showed its replies ("Read by the parent"). */
  read_receipts: boolean;
  /** A reply, an outcome or an update not seen within a while, and pushed to no phone, comes as a text message. */
  text_fallback: boolean;
  /** "HH:mm", IST. */
  quiet_start: string;
  /** "HH:mm", IST; before quiet_start when the quiet hours span midnight. */
  quiet_end: string;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  replies: true,
  reminders: true,
  request_updates: true,
  announcements: true,
  show_text: false,
  read_receipts: true,
  text_fallback: true,
  quiet_start: '21:00',
  quiet_end: '07:00',
};

/**
 * The settings that are one phone's own, as a phone may be shared: a phone signed in again, or another phone of the
 * parent, starts them at their default. Every other setting is the parent's: saved on one phone, it carries over to
 * the next, and their texts follow it with no phone signed in.
 */
export const DEVICE_ONLY_SETTINGS: readonly (keyof NotificationSettings)[] = ['show_text'];

/** PushSubscription.toJSON(), as the browser gives it. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export interface PushRequests {
  /** Reads the settings (and the server's VAPID public key); with `settings`, changes the ones named first. */
  push_settings: {
    action: 'push_settings';
    payload?: { settings?: Partial<NotificationSettings> };
    language?: Language;
  };
  /** Keeps this device's subscription; `language` is the language its notifications are written in. */
  push_subscribe: {
    action: 'push_subscribe';
    payload: { subscription: PushSubscriptionJson; settings?: Partial<NotificationSettings> };
    language?: Language;
  };
  /** Forgets this device's subscription(s). */
  push_unsubscribe: { action: 'push_unsubscribe'; payload?: Record<string, never>; language?: Language };
}

export type PushRequest = PushRequests[PushAction];

export interface PushAnswers {
  push_settings: { public_key: string; subscribed: boolean; settings: NotificationSettings };
  push_subscribe: { subscribed: true; settings: NotificationSettings };
  push_unsubscribe: { unsubscribed: true };
}

/**
 * What a push carries (JSON, at most PUSH_PAYLOAD_MAX_BYTES before
 * encryption, never the token). The service worker writes the notification
 * from it in `language`.
 */
export type PushMessage =
  | {
      kind: 'reply';
      /** The staff message's thread id, so the chat can scroll to it. */
      message_id: string;
      /** Who replied, e.g. "Ms. Rao". */
      author: string;
      /** Only when the parent turned on show_text. */
      text?: string;
      language: Language;
    }
  | {
      kind: 'reminder';
      /** The schedule's own words: day, time and facilitator of the session. */
      session: { day: string; time: string; facilitator: string };
      lead: 'day_before' | 'hour_before';
      /** ISO 8601: when the session starts. */
      starts_at: string;
      language: Language;
    }
  | {
      kind: 'request_update';
      request_id: string;
      outcome: 'confirmed' | 'offered' | 'declined';
      language: Language;
    }
  | {
      kind: 'announcement';
      announcement_id: string;
      /** In the device's language when the announcement has it, else in the other one; `language` says which. */
      title: string;
      /** The body, only when the parent turned on show_text. */
      text?: string;
      /** Sent even in the quiet hours. */
      urgent: boolean;
      language: Language;
    };

export const PUSH_PAYLOAD_MAX_BYTES = 3000;
