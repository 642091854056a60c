import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { hindi } from '../../src/app/hindi.ts';
import type { PushSubscriptionJson } from '../../src/shared/webhook/push.ts';
import type { FakePushService } from '../support/fake-push-service.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { STAFF } from '../support/staff.ts';
import { CLICK_FIRST_NOTIFICATION, FULL_BROWSER, pushDelivery, shownNotifications } from '../support/service-worker.ts';
import { signInToStaff, startPushServer, type PushServer } from './fixtures.ts';
import type { User } from '../../src/shared/webhook/types.ts';

/**
 * Web Push end to end, in real time, with no internet: a Hindi parent turns
 * notifications on; staff reply on /staff; the real server's push reaches the
 * fake push service, which checks its VAPID JWT and decrypts it; the payload
 * is delivered to the service worker over the DevTools protocol (the page
 * cannot reach the fake service through a real subscription, so
 * pushManager.subscribe is stubbed to return one the fake service handed
 * out); the notification shows in Hindi and its tap opens the reply; after
 * logout a new reply sends nothing.
 */

const test = base.extend<object, { pushServer: PushServer }>({
  pushServer: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies, even none.
    async ({}, use) => {
      const pushServer = await startPushServer();
      await use(pushServer);
      await pushServer.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ pushServer }, use) => {
    await use(pushServer.server.url);
  },
});

const PARENT: User = { name: 'Test Parent', number: '9000000001' };
const t = hindi.notifications;
const thread = hindi.conversation.thread;

/** pushManager.subscribe hands out a subscription of the fake push service, made with the key the page passed. */
async function subscribeThroughFakeService(page: Page, service: FakePushService) {
  const made: PushSubscriptionJson[] = [];
  await page.exposeFunction('fakePushSubscribe', (applicationServerKey: string) => {
    const { json } = service.subscribe({ applicationServerKey });
    made.push(json);
    return json;
  });
  await page.addInitScript(() => {
    const key = 'test-push-subscription';
    const asStub = (json: PushSubscriptionJson) => ({
      endpoint: json.endpoint,
      toJSON: () => json,
      unsubscribe: () => {
        localStorage.removeItem(key);
        return Promise.resolve(true);
      },
    });
    const bound = window as unknown as { fakePushSubscribe(key: string): Promise<PushSubscriptionJson> };
    PushManager.prototype.subscribe = async (options) => {
      const bytes = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const base64url = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      const json = await bound.fakePushSubscribe(base64url);
      localStorage.setItem(key, JSON.stringify(json));
      return asStub(json) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = () => {
      const saved = localStorage.getItem(key);
      return Promise.resolve(
        saved ? (asStub(JSON.parse(saved) as PushSubscriptionJson) as unknown as PushSubscription) : null,
      );
    };
  });
  return made;
}

/** Staff sign in on /staff and open the parent's conversation. */
async function openConversation(page: Page): Promise<void> {
  await signInToStaff(page);
  await page.getByRole('link', { name: PARENT.name }).click();
}

/** Resolves when the reply is on the staff page. */
async function reply(page: Page, text: string): Promise<void> {
  await page.getByLabel('Reply').fill(text);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(text)).toBeVisible();
}

test(
  'a Hindi parent turns notifications on, a staff reply arrives as a Hindi notification that opens it, and none after logout',
  { tag: FULL_BROWSER },
  async ({ browser, pushServer: { server, codes, service } }) => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    const subscriptions = await subscribeThroughFakeService(page, service);
    await openSignedIn(page, '/hi/registered-parent/chat', PARENT);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // 1. Verified, then the offer's tap; quiet hours off, so the proof runs at any hour of India's day.
    await page.getByRole('button', { name: thread.sendCode }).click();
    const { code } = await codes.nextCode(`+91${PARENT.number}`);
    await page.getByRole('textbox', { name: thread.codeLabel }).fill(code);
    await page.getByRole('button', { name: thread.verify }).click();
    const offer = page.getByRole('region', { name: t.offerTitle });
    await offer.getByRole('button', { name: t.turnOn }).click();
    await expect(offer.getByText(t.on)).toBeVisible();
    expect(subscriptions).toHaveLength(1);
    await offer.getByRole('link', { name: t.settingsLink }).click();
    await page.getByLabel(t.quietStart).fill('00:00');
    await page.getByLabel(t.quietEnd).fill('00:00');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();

    // 2-3. Staff reply; the fake service receives the push, signed and decryptable, within 5 s.
    await page.getByRole('link', { name: hindi.ui.backToMenu }).click();
    await page.getByRole('link', { name: new RegExp(hindi.menu.chatTitle) }).click();
    await page.getByLabel(hindi.conversation.chat.messageLabel, { exact: true }).fill('क्या शुक्रवार को मिल सकते हैं?');
    await page.getByRole('button', { name: hindi.conversation.chat.send }).click();
    await expect(page.getByRole('heading', { name: hindi.conversation.chat.sent })).toBeVisible();
    const staffContext = await browser.newContext({ baseURL: server.url });
    const staff = await staffContext.newPage();
    await openConversation(staff);
    const arrived = service.nextPush(() => true, 5_000);
    await reply(staff, 'शुक्रवार 5 बजे ठीक है।');
    const push = await arrived;
    expect(push.endpoint).toBe(subscriptions[0]?.endpoint);
    expect(push.json).toMatchObject({ kind: 'reply', author: STAFF.name, language: 'hi' });
    expect(push.json).not.toHaveProperty('text');
    const messageId = (push.json as { message_id: string }).message_id;

    // 4. Delivered to the worker as the browser would: the notification, in Hindi, says who and nothing more.
    await page.goto('/hi/registered-parent/menu');
    const deliver = await pushDelivery(context, page, new URL(server.url).origin);
    await deliver(push.text ?? '');
    const shown = async () => (await shownNotifications(page)).map(({ title, body }) => ({ title, body }));
    expect(await shown()).toEqual([{ title: `${STAFF.name} का नया संदेश`, body: '' }]);
    // The open menu counts it at once: the worker saved the reply and told the page.
    await expect(page.getByRole('link', { name: new RegExp(hindi.menu.chatTitle) })).toContainText(thread.unread(1));

    // 5. The tap opens the chat at the reply.
    const [worker] = context.serviceWorkers();
    await worker?.evaluate(CLICK_FIRST_NOTIFICATION);
    await expect(page).toHaveURL(new RegExp(`/hi/registered-parent/chat#message-${messageId}$`));
    await expect(page.locator(`#message-${messageId}`)).toContainText('शुक्रवार 5 बजे ठीक है।');

    // 6. Logout: the subscription is gone from the server, so a new reply queues no push at all.
    await page.getByRole('link', { name: hindi.ui.backToMenu }).click();
    await page.getByRole('button', { name: hindi.menu.logout }).click();
    await expect(page).toHaveURL(/\/hi$/);
    const db = new Database(server.databasePath, { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) AS n FROM push_subscriptions').get()).toEqual({ n: 0 });
      await reply(staff, 'एक और संदेश।');
      expect(db.prepare('SELECT COUNT(*) AS n FROM push_jobs').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
    await staffContext.close();
    await context.close();
  },
);
