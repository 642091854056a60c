/**
 * Web Push in the worker. On a push it:
 * - shows the notification written by src/shared/push/notification.ts, in the
 *   push's language, replacing the conversation's earlier one ("3 new messages");
 * - for a reply, refreshes each saved thread with its device token, so the reply
 *   reads offline once the chat opens, and sets the icon's badge to the unread
 *   count where the browser has one;
 * - tells every open page (PUSH_RECEIVED), so the chat fetches and the menu
 *   counts (an announcement's: the menu and the updates fetch their list).
 * A click focuses an open window of the portal and takes it to the
 * notification's screen, or opens one: it works with the app closed too.
 */
import { announcementPath, paths } from '../src/config/paths.ts';
import { fetchThreadPages } from '../src/shared/conversation/fetch-thread.ts';
import { everySavedConversation, withThreadPage } from '../src/shared/conversation/store.ts';
import { unreadCount } from '../src/shared/conversation/thread.ts';
import { pushNotification, readNotificationData, readPushMessage } from '../src/shared/push/notification.ts';
import { webhookUrlOf, type WorkerToPageMessage } from '../src/shared/sw-messages.ts';
import { WEBHOOK_PATH } from '../src/shared/webhook/endpoint.ts';
import type { Language } from '../src/shared/webhook/types.ts';

declare const self: ServiceWorkerGlobalScope;

/** The Badging API, where the browser has one (not Android Chrome, which shows its own dot). */
interface WithBadge {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

function readJson(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return undefined;
  }
}

/** Every saved thread brought up to date; the unread replies across them. */
async function refreshSavedThreads(language: Language): Promise<number> {
  const saved = everySavedConversation();
  const url = webhookUrlOf(self.location) ?? WEBHOOK_PATH;
  let unread = 0;
  for (const [key, conversation] of await saved.all()) {
    const { token } = conversation;
    if (token === undefined) continue;
    let current = conversation;
    try {
      const page = await fetchThreadPages(token, conversation.cursor, { url, language });
      await saved.update(key, (stored) => {
        // Logged out, or another token, since the fetch began: that record is not this thread's.
        if (stored.token !== token) return stored;
        current = withThreadPage(stored, page, { markSeen: false, savedAt: Date.now() });
        return current;
      });
    } catch {
      // Offline by now, or refused: the notification is shown all the same, and the chat fetches when opened.
    }
    unread += unreadCount(current.messages, current.lastSeenId);
  }
  return unread;
}

async function setBadge(count: number): Promise<void> {
  const badging = self.navigator as WithBadge;
  await (count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.())?.catch(() => undefined);
}

async function tellPages(message: WorkerToPageMessage): Promise<void> {
  for (const page of await self.clients.matchAll({ type: 'window' })) page.postMessage(message);
}

async function onPush(data: unknown): Promise<void> {
  const message = readPushMessage(data);
  if (!message) return;
  const shown = await self.registration.getNotifications();
  const notification = pushNotification(message, shown, {
    chat: paths.chat,
    schedule: paths.schedule,
    announcement: announcementPath,
  });
  await self.registration.showNotification(notification.title, {
    body: notification.body,
    tag: notification.tag,
    lang: notification.lang,
    data: notification.data,
    icon: '/icons/icon-192.png',
  });
  if (message.kind === 'reply') {
    await setBadge(await refreshSavedThreads(message.language).catch(() => 0));
  }
  await tellPages({ type: 'PUSH_RECEIVED', kind: message.kind });
}

/** Focuses a window of the portal and takes it to `url`, or opens one there. */
async function openAt(url: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === url.origin);
  if (!open) {
    await self.clients.openWindow(url.href);
    return;
  }
  // Focus first: the click's permission to focus lasts only a moment. Unfocused, the window still goes there.
  await open.focus().catch(() => undefined);
  if (open.url === url.href) return;
  // navigate() needs a window this worker controls; one it does not (a hard reload) is opened afresh.
  await open.navigate(url.href).catch(() => self.clients.openWindow(url.href));
}

export function receivePushes(): void {
  // One push at a time: two read the notifications on screen before either shows its own, and one count is lost.
  let previous: Promise<void> = Promise.resolve();
  self.addEventListener('push', (event) => {
    const data = readJson(event);
    const handled = previous.then(() => onPush(data));
    previous = handled.catch(() => undefined);
    event.waitUntil(handled);
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = readNotificationData(event.notification.data);
    const url = new URL(data?.url ?? paths.menu, self.location.origin);
    event.waitUntil(openAt(url));
  });
}
