/**
 * This phone's push subscription, in the browser and on the server, through
 * the one webhook client with the device's token. Pages read the token from
 * the saved conversation (the chat's verification made it).
 */
import { env } from '../../config/env.ts';
import { createConversationStore, withReadReceipts } from '../../shared/conversation/store.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { base64UrlBytes } from '../../shared/push/subscription.ts';
import { isWorkerToPageMessage, type WorkerToPageMessage } from '../../shared/sw-messages.ts';
import { sendToWebhook } from '../../shared/webhook/client.ts';
import { unreadableAnswer } from '../../shared/conversation/fetch-thread.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type PushAnswers,
  type PushSubscriptionJson,
} from '../../shared/webhook/push.ts';
import type { User } from '../../shared/webhook/types.ts';

/** Logout waits this long at most for the server to forget the subscription, as for the token itself. */
const UNSUBSCRIBE_TIMEOUT_MS = 5_000;

export async function deviceToken(user: User): Promise<string | undefined> {
  return (await createConversationStore().read(user)).token;
}

function answerOf<T>(body: unknown, check: (value: Record<string, unknown>) => boolean): T {
  if (typeof body !== 'object' || body === null || !check(body as Record<string, unknown>)) throw unreadableAnswer();
  return body as T;
}

export async function readPushSettings(
  token: string,
  settings?: Partial<NotificationSettings>,
): Promise<PushAnswers['push_settings']> {
  const { body } = await sendToWebhook(
    { action: 'push_settings', ...(settings ? { payload: { settings } } : {}), language: activeLocale() },
    { url: env.webhookUrl, bearer: token },
  );
  const answer = answerOf<PushAnswers['push_settings']>(
    body,
    (value) => typeof value.settings === 'object' && typeof value.public_key === 'string',
  );
  // A setting the backend does not name is shown at its default.
  return { ...answer, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...answer.settings } };
}

/** The saved conversation takes the read receipts setting just saved, so the chat screen follows it offline too. */
export async function followReadReceipts(user: User, token: string, on: boolean): Promise<void> {
  await createConversationStore()
    .update(user, (saved) => (saved.token === token ? withReadReceipts(saved, on) : saved))
    .catch(() => {
      // The chat's next fetch brings the setting anyway; the server keeps no read from a phone that turned them off.
    });
}

/** The registration, if a worker is registered: never waits for one that is not (serviceWorker.ready would). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

export async function browserSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription().catch(() => null) ?? null;
}

/** Whether a push comes for each reply: allowed, and subscribed in this browser. */
export async function isPushOn(): Promise<boolean> {
  if (!('Notification' in window) || Notification.permission !== 'granted') return false;
  return (await browserSubscription()) !== null;
}

/** Subscribes this browser with the server's key and tells the server; permission was granted already. */
export async function subscribeDevice(token: string, publicKey: string): Promise<NotificationSettings> {
  const worker = await navigator.serviceWorker.ready;
  const key = base64UrlBytes(publicKey);
  if (!key) throw unreadableAnswer();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: new Uint8Array(key),
  });
  const json = subscription.toJSON() as PushSubscriptionJson;
  const { body } = await sendToWebhook(
    { action: 'push_subscribe', payload: { subscription: json }, language: activeLocale() },
    { url: env.webhookUrl, bearer: token },
  );
  const answer = answerOf<PushAnswers['push_subscribe']>(body, (value) => typeof value.settings === 'object');
  window.dispatchEvent(new Event(PUSH_CHANGED_EVENT));
  return answer.settings;
}

/**
 * Ends this browser's subscription and, when it had one, the server's too:
 * logout runs it before the token is revoked, so the next person on the phone
 * never gets the previous parent's notifications.
 */
export async function unsubscribeDevice(token: string | undefined): Promise<void> {
  const subscription = await browserSubscription();
  if (!subscription) return;
  await subscription.unsubscribe().catch(() => false);
  window.dispatchEvent(new Event(PUSH_CHANGED_EVENT));
  if (token === undefined) return;
  await sendToWebhook(
    { action: 'push_unsubscribe', language: activeLocale() },
    { url: env.webhookUrl, bearer: token, timeoutMs: UNSUBSCRIBE_TIMEOUT_MS },
  ).catch(() => {
    // Revoking the token next removes its subscriptions on the server as well.
  });
}

/** Told on this page when push is turned on or off here, so the chat's poll follows. */
export const PUSH_CHANGED_EVENT = 'thrive-push-changed';

/** Calls `listener` for each push the worker tells of; returns how to stop. */
export function onWorkerPush(listener: (message: WorkerToPageMessage) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const receive = (event: MessageEvent) => {
    if (isWorkerToPageMessage(event.data)) listener(event.data);
  };
  navigator.serviceWorker.addEventListener('message', receive);
  return () => navigator.serviceWorker.removeEventListener('message', receive);
}
