import type { BrowserContext, Page } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { LOCALE_KEY } from '../../src/shared/i18n/locale.ts';
import { openInstalled } from '../support/axe.ts';
import { E2E_DIST_NO_KNOW_MORE } from '../support/build.ts';
import { waitForApp } from '../support/first-paint.ts';
import { expectHindiScreen } from '../support/hindi.ts';
import { tabOnceTo, tabTo } from '../support/keyboard.ts';
import { ASHA, expectToast, openSignedInInstalled } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expect, test } from './fixtures.ts';
import { mediaFile } from '../support/chat-attachments.ts';

/**
 * The portal in Hindi, as a Hindi-reading parent on a 360 px phone meets it:
 * every screen and state all Hindi (tests/support/hindi.ts), axe clean,
 * keyboard only, the choice kept offline, no English painted first, and
 * `language: "hi"` in every request.
 */

const t = hindi;

// Monday 23 Nov 2026 in India: the calendar's month is known.
const NOW = '2026-11-23T10:00:00.000+05:30';

test.use({ viewport: { width: 360, height: 740 } });
// Each test installs the app and scans whole pages several times: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const link = (page: Page, name: string | RegExp) => page.getByRole('link', { name });

test('a new visitor: landing, welcome, both forms with their answers, and the 404 page', async ({ page, webhook }) => {
  webhook
    .reply({ status: 200, body: '' })
    .reply({ status: 422, body: 'इस हफ़्ते कॉल के समय भर गए हैं' })
    .reply({ status: 200, body: '' });
  await page.goto('/hi');
  await waitForApp(page);
  await expect(page.getByText(t.app.tagline, { exact: true })).toBeVisible();
  await expect(link(page, 'English')).toBeVisible();
  await expectHindiScreen(page, 'landing');

  await link(page, new RegExp(t.app.landing.newTitle)).click();
  await expect(h1(page, t.visitor.welcome.title)).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/new-to-thrive$/);
  await expectHindiScreen(page, 'welcome');

  await link(page, new RegExp(t.visitor.welcome.bookConsultTitle)).click();
  await expect(h1(page, t.visitor.bookConsult.title)).toBeVisible();
  await expectHindiScreen(page, 'book a consult');
  await button(page, t.visitor.bookConsult.submit).click();
  await expectToast(page, 'error', t.visitor.form.required);
  await expectHindiScreen(page, 'book a consult, required fields toast');

  await page.getByRole('textbox', { name: t.visitor.form.name }).fill('आशा वर्मा');
  await page.getByRole('textbox', { name: t.visitor.form.phone }).fill('9876543210');
  await button(page, t.visitor.bookConsult.submit).click();
  const success = page.getByRole('status').filter({ hasText: t.ui.successTitle });
  await expect(success).toContainText(t.visitor.bookConsult.success);
  // The toast comes a moment after the panel: the screen is read once it is in.
  await expectToast(page, 'success', t.visitor.form.submitted);
  await expectHindiScreen(page, 'book a consult, sent');
  const [consult] = await webhook.waitForRequests(1);
  expect(consult?.body).toMatchObject({ action: 'book_consult', language: 'hi' });

  await page.goto('/hi/new-to-thrive/schedule-call');
  await waitForApp(page);
  await page.getByRole('textbox', { name: t.visitor.form.name }).fill('आशा वर्मा');
  await page.getByRole('textbox', { name: t.visitor.form.phone }).fill('9876543210');
  await button(page, t.visitor.scheduleCall.submit).click();
  const error = page.getByRole('alert').filter({ hasText: t.ui.errorTitle });
  // The server's words, as they came.
  await expect(error).toContainText('इस हफ़्ते कॉल के समय भर गए हैं');
  await expectToast(page, 'error', t.visitor.form.failed);
  await expectHindiScreen(page, 'schedule a call, refused');
  await button(page, t.visitor.scheduleCall.submit).click();
  await expect(page.getByRole('status').filter({ hasText: t.ui.successTitle })).toContainText(
    t.visitor.scheduleCall.success,
  );
  const calls = await webhook.waitForRequests(3);
  expect(calls.map((request) => (request.body as { language?: string }).language)).toEqual(['hi', 'hi', 'hi']);

  await page.goto('/hi/no/such/page');
  await expect(h1(page, t.app.notFound.title)).toBeVisible();
  await waitForApp(page);
  await expectHindiScreen(page, '404');
});

test('a parent: sign-in, menu, schedule, reschedule and chat, with their answers, in Hindi', async ({
  page,
  webhook,
}) => {
  webhook
    .reply({ body: { schedule: 'Tuesday: 4:00 PM with Ms. Rao' } })
    .reply({ body: '' })
    .reply({ body: { message: 'संदेश मिल गया, धन्यवाद।', slackChannel: '#parents' } });
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto('/hi/registered-parent');
  await waitForApp(page);
  await expect(h1(page, t['sign-in'].title)).toBeVisible();
  await expectHindiScreen(page, 'sign-in');
  await button(page, t['sign-in'].continue).click();
  await expectToast(page, 'error', t['sign-in'].required);
  await page.getByLabel(t['sign-in'].nameLabel).fill(ASHA.name);
  await page.getByLabel(t['sign-in'].phoneLabel).fill('12345');
  await button(page, t['sign-in'].continue).click();
  await expectToast(page, 'error', t['sign-in'].invalidPhone);
  await expectHindiScreen(page, 'sign-in, invalid number toast');
  await page.getByLabel(t['sign-in'].phoneLabel).fill(ASHA.number);
  await button(page, t['sign-in'].continue).click();

  await expect(h1(page, t.menu.hello(ASHA.name))).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/registered-parent\/menu$/);
  await expectHindiScreen(page, 'menu');

  await link(page, new RegExp(t.menu.scheduleTitle)).click();
  await expect(h1(page, t.schedule.title)).toBeVisible();
  await button(page, t.schedule.fetch).click();
  await expectToast(page, 'success', t.schedule.retrieved);
  const sessions = page.getByRole('list', { name: t.schedule.listLabel });
  await expect(sessions).toContainText('Ms. Rao के साथ');
  await expect(page.getByText(/^आखिरी बार अपडेट: 23 नवंबर 2026, सुबह 10:00$/)).toBeVisible();
  await expectHindiScreen(page, 'schedule, fetched');
  const [schedule] = await webhook.waitForRequests(1);
  expect(schedule?.body).toMatchObject({ action: 'know_schedule', language: 'hi' });

  await page.getByRole('link', { name: t.ui.backToMenu }).click();
  await link(page, new RegExp(t.menu.rescheduleTitle)).click();
  await expect(h1(page, t.reschedule.title)).toBeVisible();
  const grid = page.getByRole('grid');
  await expect(page.getByText('नवंबर 2026', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'अगले महीने पर जाएँ' })).toBeVisible();
  await expectHindiScreen(page, 'reschedule, calendar');
  await grid.getByRole('button', { name: /^आज, सोमवार, 23 नवंबर, 2026$/ }).click();
  await expect(page.getByText(t.reschedule.selectedStart('23 नवंबर 2026'), { exact: true })).toBeVisible();
  await expectHindiScreen(page, 'reschedule, a date picked');
  await button(page, t.reschedule.submit).click();
  await expect(page.getByRole('status').filter({ hasText: t.ui.successTitle })).toContainText(
    t.reschedule.defaultSuccess,
  );
  await expectHindiScreen(page, 'reschedule, sent');
  const [, reschedule] = await webhook.waitForRequests(2);
  expect(reschedule?.body).toMatchObject({ action: 'reschedule_single', language: 'hi' });

  await page.goto('/hi/registered-parent/chat');
  await waitForApp(page);
  const message = page.getByLabel(t.conversation.chat.messageLabel, { exact: true });
  await expect(message).toHaveAccessibleDescription(t.conversation.chat.counter('0', '500'));
  await message.fill('नमस्ते');
  await page.getByLabel(t.conversation.chat.addFiles).setInputFiles(mediaFile('drawing.png', 'image/png', 1536));
  await expect(page.getByText('1.50 केबी', { exact: false }).first()).toBeVisible();
  await expectHindiScreen(page, 'chat, a photo attached');
  await button(page, t.conversation.chat.send).click();
  const sent = page.getByRole('status').filter({ has: page.getByRole('heading', { name: t.conversation.chat.sent }) });
  await expect(sent).toContainText('संदेश मिल गया, धन्यवाद।');
  await expect(sent).toContainText(t.conversation.chat.channel('#parents'));
  await expectHindiScreen(page, 'chat, sent');
  const [, , chat] = await webhook.waitForRequests(3);
  expect(chat?.body).toMatchObject({ action: 'chat_facilitator', language: 'hi' });
});

test.describe('offline in Hindi, with the worker', { tag: SERVICE_WORKER }, () => {
  test('offline in Hindi: the banner, a message saved on the phone, the outbox screen and the logout warning', async ({
    page,
    webhook,
  }) => {
    await openSignedInInstalled(page, '/hi/registered-parent/chat');
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await expect(page.getByText(t.pwa.offline.title, { exact: true })).toBeVisible();
    await page.getByLabel(t.conversation.chat.messageLabel, { exact: true }).fill('आज हम देर से पहुँचेंगे');
    await button(page, t.conversation.chat.send).click();
    await expect(page.getByRole('status').filter({ hasText: t.ui.saved.title })).toContainText(
      t.conversation.chat.savedOnPhone,
    );
    await expectHindiScreen(page, 'chat, saved offline');

    await link(page, t.outbox.seeWaiting).click();
    await expect(h1(page, t.outbox.title)).toBeVisible();
    const entries = page.getByRole('list', { name: t.outbox.listLabel });
    await expect(entries).toContainText(t.outbox.kind.chat_facilitator);
    await expectHindiScreen(page, 'outbox, one waiting');

    await page.getByRole('link', { name: t.ui.backToMenu }).click();
    await expect(link(page, t.menu.waiting(1))).toBeVisible();
    await button(page, t.menu.logout).click();
    await expect(page.getByText(t.menu.logoutWarning(1), { exact: true })).toBeVisible();
    await expectHindiScreen(page, 'menu, logout warning, offline');

    webhook.reply({ body: { message: 'ok' } });
    await page.context().setOffline(false);
    await expect(link(page, t.menu.waiting(1))).toHaveCount(0, { timeout: 20_000 });
    const [queued] = await webhook.waitForRequests(1);
    expect(queued?.body).toMatchObject({ action: 'chat_facilitator', language: 'hi' });
  });
});

/** Records, across every document of the context, each h1 as it appears and whether its page had painted content. */
async function watchEveryDocument(context: BrowserContext): Promise<{ url: string; what: string }[]> {
  const seen: { url: string; what: string }[] = [];
  await context.exposeBinding('__seen', ({ frame }, what: string) => void seen.push({ url: frame.url(), what }));
  await context.addInitScript(() => {
    const report = (window as unknown as { __seen: (what: string) => void }).__seen;
    let last = '';
    new MutationObserver(() => {
      const heading = document.querySelector('h1');
      const text = heading?.textContent?.trim() ?? '';
      // A heading the browser may paint: in a page that is not hidden.
      if (text && text !== last && heading?.checkVisibility()) report(`h1 ${text}`);
      last = text;
    }).observe(document, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) report(entry.name);
    }).observe({ type: 'paint', buffered: true });
  });
  return seen;
}

test.describe('a cold start in Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('on a phone that prefers Hindi, the first visit opens in Hindi and paints no English first', async ({
    page,
    context,
  }) => {
    const seen = await watchEveryDocument(context);
    await page.goto('/new-to-thrive');
    await expect(page).toHaveURL(/\/hi\/new-to-thrive$/);
    await expect(h1(page, t.visitor.welcome.title)).toBeVisible();
    await waitForApp(page);
    await expect.poll(() => seen.some(({ what }) => what === 'first-contentful-paint')).toBe(true);
    // The English page was left before it painted anything: every heading and paint is the Hindi page's.
    expect(seen.filter(({ url }) => !new URL(url).pathname.startsWith('/hi'))).toEqual([]);
    expect(seen.filter(({ what }) => what.startsWith('h1 ')).map(({ what }) => what)).toEqual([
      `h1 ${t.visitor.welcome.title}`,
    ]);
  });
});

test.describe('the choice kept, with the worker', { tag: SERVICE_WORKER }, () => {
  test('the choice of Hindi is kept on the phone: a later start, offline, and a reload open in Hindi first', async ({
    page,
    context,
  }) => {
    await openInstalled(page, '/registered-parent');
    await waitForServiceWorkerControl(page);
    await link(page, 'हिन्दी').click();
    await expect(page).toHaveURL(/\/hi\/registered-parent$/);
    await expect(h1(page, t['sign-in'].title)).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('hi');

    await context.setOffline(true);
    const seen = await watchEveryDocument(context);
    const later = await context.newPage();
    // The home screen icon opens the start address, in English.
    await later.goto('/');
    await expect(later).toHaveURL(/\/hi$/);
    await expect(later.getByText(t.app.tagline, { exact: true })).toBeVisible();
    await later.goto('/registered-parent');
    await expect(h1(later, t['sign-in'].title)).toBeVisible();
    await later.reload();
    await expect(h1(later, t['sign-in'].title)).toBeVisible();
    await waitForApp(later);
    expect(await later.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(seen.filter(({ url }) => !new URL(url).pathname.startsWith('/hi'))).toEqual([]);

    await later.getByRole('link', { name: 'English' }).click();
    await expect(h1(later, 'Welcome Back')).toBeVisible();
    expect(await later.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});

test('every flow works with the keyboard alone, in Hindi', async ({ page, webhook }) => {
  webhook
    .reply({ body: { message: 'ठीक है' } })
    .reply({ body: { message: 'मिल गया' } })
    .reply({ body: '' });
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto('/hi');
  await waitForApp(page);

  await tabOnceTo(page, link(page, 'English'));
  await tabOnceTo(page, link(page, new RegExp(t.app.landing.registeredTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t['sign-in'].title)).toBeFocused();
  await tabOnceTo(page, page.getByLabel(t['sign-in'].nameLabel));
  await page.keyboard.type(ASHA.name);
  await tabOnceTo(page, page.getByLabel(t['sign-in'].phoneLabel));
  await page.keyboard.type(ASHA.number);
  await page.keyboard.press('Enter');
  await expect(h1(page, t.menu.hello(ASHA.name))).toBeFocused();

  await tabTo(page, link(page, new RegExp(t.menu.rescheduleTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t.reschedule.title)).toBeFocused();
  const today = page.getByRole('grid').getByRole('button', { name: /^आज, सोमवार, 23 नवंबर, 2026$/ });
  // The calendar appears once India's today is known and its Hindi names are in, as a person sees it appear.
  await expect(today).toBeVisible();
  await tabTo(page, today, { max: 6 });
  await page.keyboard.press('Enter');
  await tabTo(page, button(page, t.reschedule.submit));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.ui.successTitle })).toContainText('ठीक है');

  await tabTo(page, link(page, t.ui.backToMenu), { back: true, max: 6 });
  await page.keyboard.press('Enter');
  await tabTo(page, link(page, new RegExp(t.menu.chatTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t.conversation.chat.title)).toBeFocused();
  await tabTo(page, page.getByLabel(t.conversation.chat.messageLabel, { exact: true }));
  await page.keyboard.type('कल मिलते हैं');
  await tabTo(page, button(page, t.conversation.chat.send));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.conversation.chat.sent })).toContainText('मिल गया');

  await page.goto('/hi/new-to-thrive/book-consult');
  await waitForApp(page);
  await tabTo(page, page.getByRole('textbox', { name: t.visitor.form.name }));
  await page.keyboard.type('आशा वर्मा');
  await tabOnceTo(page, page.getByRole('textbox', { name: t.visitor.form.phone }));
  await page.keyboard.type('9876543210');
  await tabTo(page, button(page, t.visitor.bookConsult.submit));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.ui.successTitle })).toContainText(
    t.visitor.bookConsult.success,
  );
  const requests = await webhook.waitForRequests(3);
  expect(requests.map((request) => (request.body as { language?: string }).language)).toEqual(['hi', 'hi', 'hi']);
});

test.describe('know more, in Hindi', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startTestServer(E2E_DIST_NO_KNOW_MORE);
  });

  test.afterAll(async () => {
    await server.close();
  });

  test('with no information page configured, says so in Hindi and offers a way back', async ({ page }) => {
    await page.goto(`${server.url}/hi/new-to-thrive`);
    await waitForApp(page);
    await link(page, new RegExp(`^${t.visitor.welcome.knowMoreTitle}`)).click();
    await expect(h1(page, t.visitor.knowMore.title)).toBeVisible();
    await expect(page.getByText(t.visitor.knowMore.notConfigured, { exact: true })).toBeVisible();
    await expectHindiScreen(page, 'know more, not configured');
    await link(page, t.visitor.knowMore.backToOptions).click();
    await expect(page).toHaveURL(`${server.url}/hi/new-to-thrive`);
  });
});
