import type { BrowserContext, Page } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, type PushMessage } from '../../src/shared/webhook/push.ts';
import { CODE, conversationRequests, FakeConversation, TOKEN } from '../support/fake-conversation.ts';
import { RecordingWebhook, type RecordedRequest } from '../support/recording-webhook.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import {
  CLICK_FIRST_NOTIFICATION,
  FULL_BROWSER,
  pushDelivery,
  SERVICE_WORKER,
  shownNotifications,
  waitForServiceWorkerControl,
} from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';

/**
 * Web Push on the parent's side, against a recording webhook: asking only on
 * a tap, the subscription sent with the device token, no 30 s poll while push
 * is on, the worker's push and click handlers driven through the DevTools
 * protocol, the settings screen, and logout unsubscribing before the token
 * is revoked. pushManager.subscribe is stubbed: headless Chromium reaches no
 * push service.
 */

const CHAT = '/registered-parent/chat';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/device-1',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
/** What the fake webhook keeps for the device before any change: the backends' defaults. */
const SETTINGS = DEFAULT_NOTIFICATION_SETTINGS;

interface PushBody {
  action?: string;
  payload?: { subscription?: unknown; settings?: Partial<typeof SETTINGS> };
}

/** The push actions answered as the contract says; every other action by the fake conversation. */
function pushWebhook(webhook: RecordingWebhook) {
  const inner = new RecordingWebhook();
  const conversation = new FakeConversation(inner);
  let settings = { ...SETTINGS };
  webhook.reply(async (request: RecordedRequest) => {
    const body = request.body as PushBody;
    switch (body.action) {
      case 'push_settings':
        settings = { ...settings, ...body.payload?.settings };
        // A backend with read receipts names the device's choice in chat_thread from then on.
        if (conversation.readReceipts !== undefined) conversation.readReceipts = settings.read_receipts;
        return { body: { public_key: PUBLIC_KEY, subscribed: true, settings } };
      case 'push_subscribe':
        return { body: { subscribed: true, settings } };
      case 'push_unsubscribe':
        return { body: { unsubscribed: true } };
      default:
        return (await inner.answer(request)) ?? { status: 500 };
    }
  }, Infinity);
  return conversation;
}

/** A browser whose push service is a stub: subscribe hands out SUBSCRIPTION, and the asks are counted. */
async function stubPushService(page: Page): Promise<void> {
  await page.addInitScript((subscription) => {
    const key = 'test-push-subscribed';
    const stub = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => subscription,
      unsubscribe: () => {
        localStorage.removeItem(key);
        localStorage.setItem('test-push-unsubscribed', 'yes');
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.subscribe = function () {
      localStorage.setItem(key, 'yes');
      return Promise.resolve(stub as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(localStorage.getItem(key) ? (stub as unknown as PushSubscription) : null);
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      localStorage.setItem('test-permission-asks', String(Number(localStorage.getItem('test-permission-asks')) + 1));
      return ask();
    };
  }, SUBSCRIPTION);
}

const permissionAsks = (page: Page) => page.evaluate(() => Number(localStorage.getItem('test-permission-asks')));

async function verifyPhone(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send Me a Code' }).click();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();
}

/** Delivers `message` to the worker as a push service would; resolves once the worker has handled it. */
async function pushTo(context: BrowserContext, page: Page, origin: string) {
  const deliver = await pushDelivery(context, page, origin);
  return (message: PushMessage) => deliver(JSON.stringify(message));
}

const reply = (id: string): PushMessage => ({ kind: 'reply', message_id: id, author: 'Ms. Rao', language: 'en' });

test(
  'a tap turns notifications on; with push no poll; a push shows, counts and opens the reply; logout unsubscribes',
  { tag: [SERVICE_WORKER, FULL_BROWSER] },
  async ({ page, context, server, webhook }) => {
    const conversation = pushWebhook(webhook);
    conversation.reply('Welcome to the programme.');
    await context.grantPermissions(['notifications']);
    await stubPushService(page);
    await page.clock.install({ time: new Date('2026-11-23T10:00:00.000+05:30') });
    await openSignedIn(page, CHAT);
    await waitForServiceWorkerControl(page);

    // Not verified: no offer. Verified: the offer, and still no question asked.
    const offer = page.getByRole('region', { name: 'Notify me when the facilitator replies' });
    await expect(page.getByRole('heading', { name: 'See replies on this phone' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await verifyPhone(page);
    await expect(offer).toBeVisible();
    expect(await permissionAsks(page)).toBe(0);
    const threadFetches = () => conversationRequests(webhook, 'chat_thread').length;
    expect(threadFetches()).toBe(1);

    await offer.getByRole('button', { name: 'Turn On Notifications' }).click();
    await expect(offer.getByText('Notifications are on for this phone.')).toBeVisible();
    expect(await permissionAsks(page)).toBe(1);
    const [subscribe] = conversationRequests(webhook, 'push_subscribe');
    expect(subscribe?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(subscribe?.body).toEqual({
      action: 'push_subscribe',
      payload: { subscription: SUBSCRIPTION },
      language: 'en',
    });
    expect(JSON.stringify(subscribe?.body)).not.toContain(TOKEN);

    // Push on: ten minutes open, no poll (the bench measures the hour).
    await page.clock.runFor(10 * 60_000);
    expect(threadFetches()).toBe(1);

    // A reply, then its push: the worker saves it and tells the page, which shows it; the notification says who, no text.
    const push = await pushTo(context, page, new URL(server.url).origin);
    const first = conversation.reply('See you on Monday at 5.');
    await push(reply(first.id));
    await expect(page.getByRole('region', { name: 'Messages with your facilitator' })).toContainText(
      'See you on Monday at 5.',
    );
    expect(await shownNotifications(page)).toEqual([
      {
        title: 'New message from Ms. Rao',
        body: '',
        tag: 'conversation',
        data: { url: `/registered-parent/chat#message-${first.id}`, count: 1 },
      },
    ]);
    const byWorker = conversationRequests(webhook, 'chat_thread').slice(1);
    expect(byWorker.map((request) => request.headers.authorization)).toContain(`Bearer ${TOKEN}`);

    // Two more: still one notification, counting them, opening at the first.
    await push(reply(conversation.reply('Bring the worksheet.').id));
    await push(reply(conversation.reply('And crayons.').id));
    expect(await shownNotifications(page)).toEqual([
      {
        title: '3 new messages',
        body: 'From Ms. Rao',
        tag: 'conversation',
        data: { url: `/registered-parent/chat#message-${first.id}`, count: 3 },
      },
    ]);

    // The tap: the open window is taken to the chat at the first reply.
    await page.goto('/registered-parent/menu');
    const [worker] = context.serviceWorkers();
    await worker?.evaluate(CLICK_FIRST_NOTIFICATION);
    await expect(page).toHaveURL(new RegExp(`/registered-parent/chat#message-${first.id}$`));
    await expect(page.locator(`#message-${first.id}`)).toBeInViewport();
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // Logout: the browser's subscription and the server's end, before the token does.
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const actions = webhook.requests.map((request) => (request.body as PushBody).action);
    expect(actions.slice(-2)).toEqual(['push_unsubscribe', 'revoke_token']);
    expect(await page.evaluate(() => localStorage.getItem('test-push-unsubscribed'))).toBe('yes');
  },
);

test(
  'with the app closed, a tap opens a window at the notification’s screen',
  { tag: [SERVICE_WORKER, FULL_BROWSER] },
  async ({ page, context, server, webhook }) => {
    pushWebhook(webhook);
    await context.grantPermissions(['notifications']);
    await openSignedIn(page, '/hi/registered-parent/menu');
    await waitForServiceWorkerControl(page);
    const push = await pushTo(context, page, new URL(server.url).origin);
    await push({
      kind: 'reminder',
      session: { day: 'सोमवार', time: '5:00 PM', facilitator: 'Ms. Rao' },
      lead: 'hour_before',
      starts_at: '2026-11-23T17:00:00.000+05:30',
      language: 'hi',
    });
    expect(await shownNotifications(page)).toMatchObject([
      { title: 'एक घंटे में आपका सेशन है', body: 'सोमवार, 5:00 PM, Ms. Rao के साथ।' },
    ]);

    const [worker] = context.serviceWorkers();
    await page.close();
    // Headless Chromium gives a dispatched click no right to open windows: the worker's request to is recorded.
    await worker?.evaluate(`self.clients.openWindow = (url) => { self.opened = url; return Promise.resolve(null); }`);
    await worker?.evaluate(CLICK_FIRST_NOTIFICATION);
    await expect
      .poll(() => worker?.evaluate('self.opened'))
      .toBe(`${server.url.replace(/\/$/, '')}/hi/registered-parent/schedule`);
  },
);

test('settings from the menu in Hindi; a refused permission says how to turn it back on; read receipts turned off', async ({
  page,
  webhook,
}) => {
  const conversation = pushWebhook(webhook);
  conversation.readReceipts = true;
  conversation.reply('गुरुवार को मिलते हैं।');
  const t = hindi.notifications;
  await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await openSignedIn(page, '/hi/registered-parent/chat');
  await page.getByRole('button', { name: hindi.conversation.thread.sendCode }).click();
  await page.getByRole('textbox', { name: hindi.conversation.thread.codeLabel }).fill(CODE);
  await page.getByRole('button', { name: hindi.conversation.thread.verify }).click();
  const offer = page.getByRole('region', { name: t.offerTitle });
  await expect(offer.getByText(t.denied)).toBeVisible();
  await expect(offer.getByRole('button', { name: t.turnOn })).toHaveCount(0);
  // Read receipts are on by default: the reply shown is reported read.
  await expect.poll(() => conversationRequests(webhook, 'mark_read').length).toBe(1);

  await page.getByRole('link', { name: hindi.ui.backToMenu }).click();
  await page.getByRole('link', { name: new RegExp(t.menuTitle) }).click();
  await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
  await expect(page.getByText(t.denied)).toBeVisible();
  const showText = page.getByRole('checkbox', { name: t.showText });
  await expect(showText).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: t.replies })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: t.announcements })).toBeChecked();
  await expect(page.getByLabel(t.quietStart)).toHaveValue('21:00');
  await expect(page.getByLabel(t.quietEnd)).toHaveValue('07:00');

  const readReceipts = page.getByRole('checkbox', { name: t.readReceipts });
  const textFallback = page.getByRole('checkbox', { name: t.textFallback });
  await expect(readReceipts).toBeChecked();
  await expect(textFallback).toBeChecked();
  // The text's cost is the programme's, and the parent is told so.
  await expect(textFallback).toHaveAccessibleDescription(hindi.notifications.textFallbackHint);

  await showText.check();
  await readReceipts.uncheck();
  await textFallback.uncheck();
  await page.getByLabel(t.quietStart).fill('22:30');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
  const saved = conversationRequests(webhook, 'push_settings').at(-1);
  expect(saved?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect((saved?.body as PushBody | undefined)?.payload?.settings).toEqual({
    ...SETTINGS,
    show_text: true,
    quiet_start: '22:30',
    read_receipts: false,
    text_fallback: false,
  });

  // Turned off, a reply shown in the chat is reported to nobody.
  const later = conversation.reply('किताब साथ लाइए।');
  await page.getByRole('link', { name: hindi.ui.backToMenu }).click();
  await page.getByRole('link', { name: new RegExp(hindi.menu.chatTitle) }).click();
  await expect(page.getByText(later.text)).toBeVisible();
  // A read would have gone before a message sent after it: one sender, oldest first.
  await page.getByRole('button', { name: hindi.conversation.chat.quickMessages.thanks }).click();
  await page.getByRole('button', { name: hindi.conversation.chat.send }).click();
  await expect.poll(() => conversationRequests(webhook, 'chat_facilitator').length).toBe(1);
  expect(conversationRequests(webhook, 'mark_read')).toHaveLength(1);
});
