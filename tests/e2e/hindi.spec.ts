import type { BrowserContext, Page } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { LOCALE_KEY } from '../../src/shared/i18n/locale.ts';
import { openInstalled } from '../support/axe.ts';
import { E2E_DIST_NO_KNOW_MORE, madeBuild } from '../support/build.ts';
import { mediaFile } from '../support/chat-attachments.ts';
import { waitForApp } from '../support/first-paint.ts';
import { expectHindiOnPhone, expectHindiScreen } from '../support/hindi.ts';
import { tabOnceTo, tabTo } from '../support/keyboard.ts';
import { ASHA, expectToast, openSignedInInstalled } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expect, test } from './fixtures.ts';

/**
 * The portal in Hindi where it needs a browser, as a Hindi-reading parent on
 * a 360 px phone meets it: the first start in Hindi with no English painted
 * first, the choice kept offline and across starts, offline, and every flow
 * with the keyboard alone, each screen on the way all Hindi and nothing
 * sideways (tests/support/hindi.ts). The words of every screen and state, and
 * `language: "hi"` in each request, are the screen tests'
 * (tests/unit/app/hindi-screens.test.tsx).
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

test('every flow works with the keyboard alone, in Hindi, each screen all Hindi at 360 px', async ({
  page,
  webhook,
}) => {
  webhook
    .reply({ body: { schedule: 'Tuesday: 4:00 PM with Ms. Rao' } })
    .reply({ body: { message: 'ठीक है' } })
    .reply({ body: { message: 'मिल गया' } })
    .reply({ status: 422, body: 'इस हफ़्ते कॉल के समय भर गए हैं' })
    .reply({ body: '' });
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto('/hi');
  await waitForApp(page);
  await expectHindiOnPhone(page, 'landing');

  await tabOnceTo(page, link(page, 'English'));
  await tabOnceTo(page, link(page, new RegExp(t.app.landing.registeredTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t['sign-in'].title)).toBeFocused();
  await expectHindiOnPhone(page, 'sign-in');
  await tabOnceTo(page, page.getByLabel(t['sign-in'].nameLabel));
  await page.keyboard.type(ASHA.name);
  await tabOnceTo(page, page.getByLabel(t['sign-in'].phoneLabel));
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expectToast(page, 'error', t['sign-in'].invalidPhone);
  await expectHindiOnPhone(page, 'sign-in, invalid number');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(ASHA.number);
  await page.keyboard.press('Enter');
  await expect(h1(page, t.menu.hello(ASHA.name))).toBeFocused();
  await expect(page).toHaveURL(/\/hi\/registered-parent\/menu$/);
  await expectHindiOnPhone(page, 'menu');

  await tabTo(page, link(page, new RegExp(t.menu.scheduleTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t.schedule.title)).toBeFocused();
  await tabTo(page, button(page, t.schedule.fetch));
  await page.keyboard.press('Enter');
  await expectToast(page, 'success', t.schedule.retrieved);
  await expect(page.getByRole('list', { name: t.schedule.listLabel })).toContainText('Ms. Rao के साथ');
  await expectHindiOnPhone(page, 'schedule, fetched');
  await tabTo(page, link(page, t.ui.backToMenu), { back: true, max: 6 });
  await page.keyboard.press('Enter');
  await expect(h1(page, t.menu.hello(ASHA.name))).toBeFocused();

  await tabTo(page, link(page, new RegExp(t.menu.rescheduleTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t.reschedule.title)).toBeFocused();
  const today = page.getByRole('grid').getByRole('button', { name: /^आज, सोमवार, 23 नवंबर, 2026$/ });
  // The calendar appears once India's today is known and its Hindi names are in, as a person sees it appear.
  await expect(today).toBeVisible();
  await expectHindiOnPhone(page, 'reschedule, calendar');
  await tabTo(page, today, { max: 6 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(t.reschedule.selectedStart('23 नवंबर 2026'), { exact: true })).toBeVisible();
  await expectHindiOnPhone(page, 'reschedule, a date picked');
  await tabTo(page, button(page, t.reschedule.submit));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.ui.successTitle })).toContainText('ठीक है');
  await expectHindiOnPhone(page, 'reschedule, sent');

  await tabTo(page, link(page, t.ui.backToMenu), { back: true, max: 6 });
  await page.keyboard.press('Enter');
  await tabTo(page, link(page, new RegExp(t.menu.chatTitle)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t.conversation.chat.title)).toBeFocused();
  await tabTo(page, page.getByLabel(t.conversation.chat.messageLabel, { exact: true }));
  await page.keyboard.type('कल मिलते हैं');
  // Listened for before the key, as the English walk does (a11y-keyboard-parent.spec.ts).
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, page.getByLabel(t.conversation.chat.addFiles));
  await page.keyboard.press('Space');
  await (await chooser).setFiles(mediaFile('drawing.png', 'image/png', 1536));
  await expect(page.getByText('1.50 केबी', { exact: false }).first()).toBeVisible();
  await expectHindiOnPhone(page, 'chat, a photo attached');
  await tabTo(page, button(page, t.conversation.chat.send));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.conversation.chat.sent })).toContainText('मिल गया');
  await expectHindiOnPhone(page, 'chat, sent');

  await page.goto('/hi/new-to-thrive');
  await waitForApp(page);
  await expect(h1(page, t.visitor.welcome.title)).toBeFocused();
  await expectHindiOnPhone(page, 'welcome');
  await tabOnceTo(page, link(page, new RegExp(`^${t.visitor.welcome.bookConsultTitle}`)));
  await page.keyboard.press('Enter');
  await expect(h1(page, t.visitor.bookConsult.title)).toBeFocused();
  await expectHindiOnPhone(page, 'book a consult');
  const name = page.getByRole('textbox', { name: t.visitor.form.name });
  const submit = button(page, t.visitor.bookConsult.submit);
  // Enter on the empty form: the toast, and focus on the first missing field.
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expectToast(page, 'error', t.visitor.form.required);
  await expect(name).toBeFocused();
  await expectHindiOnPhone(page, 'book a consult, required fields toast');
  await page.keyboard.type('आशा वर्मा');
  await tabOnceTo(page, page.getByRole('textbox', { name: t.visitor.form.phone }));
  await page.keyboard.type('9876543210');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: t.ui.errorTitle })).toContainText('इस हफ़्ते कॉल के समय भर गए हैं');
  await expectToast(page, 'error', t.visitor.form.failed);
  await expect(submit).toBeFocused();
  await expectHindiOnPhone(page, 'book a consult, refused');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.ui.successTitle })).toContainText(
    t.visitor.bookConsult.success,
  );
  await expectHindiOnPhone(page, 'book a consult, sent');
  const requests = await webhook.waitForRequests(5);
  expect(requests.map((request) => (request.body as { language?: string }).language)).toEqual([
    'hi',
    'hi',
    'hi',
    'hi',
    'hi',
  ]);

  // A mistyped address, as a real page: all Hindi, axe clean, and its way home.
  await page.goto('/hi/no/such/page');
  await waitForApp(page);
  await expect(h1(page, t.app.notFound.title)).toBeFocused();
  await expectHindiScreen(page, '404');
  await tabOnceTo(page, link(page, t.app.notFound.home));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.getByText(t.app.tagline, { exact: true })).toBeVisible();
});

test.describe('know more, in Hindi', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startTestServer(await madeBuild(E2E_DIST_NO_KNOW_MORE));
  });

  test.afterAll(async () => {
    await server.close();
  });

  test('with no information page configured, its page is all Hindi at 360 px and axe clean', async ({ page }) => {
    await page.goto(`${server.url}/hi/new-to-thrive/know-more`);
    await waitForApp(page);
    await expect(page.getByText(t.visitor.knowMore.notConfigured, { exact: true })).toBeVisible();
    await expectHindiScreen(page, 'know more, not configured');
  });
});
