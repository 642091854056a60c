import type { BrowserContext } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { en as app } from '../../src/app/messages.ts';
import { en as pwa } from '../../src/app/pwa/messages.ts';
import { paths } from '../../src/config/paths.ts';
import { en as visitor } from '../../src/features/visitor/messages.ts';
import { DATA_SAVER_KEY } from '../../src/features/conversation/compose/data-saver.ts';
import { pathIn } from '../../src/shared/i18n/locale.ts';
import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';
import { E2E_BUILD_ENV } from '../support/build.ts';
import {
  holdScriptsUntilFirstPaint,
  offerInstall,
  paintRecord,
  recordProblems,
  waitForHydration,
  watchFirstPaint,
} from '../support/first-paint.ts';
import { ASHA, openSignedIn } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';
import { english } from '../support/english-catalogs.ts';

interface Route {
  path: string;
  /** The h1 in the prerendered page's HTML. */
  heading: string;
  /** The h1 a signed-in parent sees, from the first paint on, where it differs (the page's head script names them). */
  signedInHeading?: string;
  needsSession?: boolean;
}

const ROUTES: Route[] = [
  { path: paths.home, heading: app.programmeTitle },
  { path: paths.signIn, heading: english['sign-in'].title },
  {
    path: paths.menu,
    heading: english.menu.helloBeforeName,
    signedInHeading: english.menu.hello(ASHA.name),
    needsSession: true,
  },
  { path: paths.schedule, heading: english.schedule.title, needsSession: true },
  { path: paths.reschedule, heading: english.reschedule.title, needsSession: true },
  { path: paths.chat, heading: english.conversation.chat.title, needsSession: true },
  { path: paths.outbox, heading: english.outbox.title, needsSession: true },
  { path: paths.visitorWelcome, heading: visitor.welcome.title },
  { path: paths.bookConsult, heading: visitor.bookConsult.title },
  { path: paths.scheduleCall, heading: visitor.scheduleCall.title },
  { path: paths.knowMore, heading: visitor.knowMore.title },
];
/** The same pages in Hindi, each with the h1 its prerendered page paints first. */
const HINDI_ROUTES: Pick<Route, 'path' | 'heading'>[] = [
  { path: paths.home, heading: hindi.app.programmeTitle },
  { path: paths.signIn, heading: hindi['sign-in'].title },
  // A signed-in parent's menu greets them by name from its first paint (src/page/locale-script.ts).
  { path: paths.menu, heading: hindi.menu.hello(ASHA.name) },
  { path: paths.schedule, heading: hindi.schedule.title },
  { path: paths.reschedule, heading: hindi.reschedule.title },
  { path: paths.chat, heading: hindi.conversation.chat.title },
  { path: paths.outbox, heading: hindi.outbox.title },
  { path: paths.visitorWelcome, heading: hindi.visitor.welcome.title },
  { path: paths.bookConsult, heading: hindi.visitor.bookConsult.title },
  { path: paths.scheduleCall, heading: hindi.visitor.scheduleCall.title },
];
// The e2e build sends know-more straight on to the programme's own site: nothing of ours is left to measure.
const STAYING = ROUTES.filter(({ path }) => path !== paths.knowMore);
const UNKNOWN_PATH = '/no/such/page';
// Spec: the landing page and the menu offer installing the app.
const OFFERS_INSTALL: string[] = [paths.home, paths.menu];

/** The parent signed in earlier in this tab: in sessionStorage before the first page script runs. */
async function signInBeforeScripts(context: BrowserContext): Promise<void> {
  await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
    SESSION_USER_KEY,
    JSON.stringify(ASHA),
  ] as const);
}

test('every page is prerendered: its h1 in the HTML and nothing personal or dated; an unknown address gets the 404 page', async ({
  request,
}) => {
  const thisMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', timeZone: 'Asia/Kolkata' }).format();
  for (const { path, heading } of ROUTES) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    for (const personal of [ASHA.name, ASHA.number, pwa.install.button, pwa.offline.title, thisMonth]) {
      expect(html, path).not.toContain(personal);
    }
    // No calendar drawn: its month is today's (its CSS may come with the page, its markup may not).
    expect(html, path).not.toMatch(/class="[^"]*\brdp-/);
  }
  const response = await request.get(UNKNOWN_PATH, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toMatch(new RegExp(`<h1[^>]*>${app.notFound.title}</h1>`));
});

test.describe('hydration', () => {
  // Each page opened cold and painted from its HTML before any script runs, as on a slow phone. One tab visits
  // the pages in turn: every document records its own first paint and shifts.
  test.beforeEach(async ({ context, page }) => {
    await watchFirstPaint(context);
    await holdScriptsUntilFirstPaint(page);
    await context.route(`${new URL(E2E_BUILD_ENV.VITE_KNOW_MORE_URL).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>About</title><h1>About</h1>' }),
    );
  });

  test('know more opened cold leaves for the programme site without a warning, starting no app on the way', async ({
    page,
  }) => {
    const problems = recordProblems(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // The page's meta refresh leaves at once: goto's own navigation ends there, so it waits no further than the answer.
    await page.goto(paths.knowMore, { waitUntil: 'commit' });
    await expect(page).toHaveURL(E2E_BUILD_ENV.VITE_KNOW_MORE_URL);
    expect(problems).toEqual([]);
    expect(scripts).toEqual([]);
  });

  // Signed out, the pages anyone opens; signed in, every page (the guarded screens stay, and the others must paint
  // and hydrate just as well with a parent's session on the phone).
  for (const signedIn of [false, true]) {
    test(`${signedIn ? 'every page, a parent signed in,' : 'the pages anyone opens'} paints its own h1 first and hydrates without a warning or a shift`, async ({
      page,
      context,
    }) => {
      const problems = recordProblems(page);
      if (signedIn) await signInBeforeScripts(context);
      for (const { path, heading, signedInHeading = heading } of STAYING.filter(
        (route) => signedIn || !route.needsSession,
      )) {
        await page.goto(path);
        await waitForHydration(page);
        // The install offer comes whenever Chromium decides, after the page is drawn: the bar has room for it.
        await offerInstall(page);
        if (OFFERS_INSTALL.includes(path)) {
          await expect(page.getByRole('button', { name: pwa.install.button }), path).toBeVisible();
        }
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(signedInHeading);
        const { headings, shifts } = await paintRecord(page);
        // One text from the first paint on: the menu says "Hello, {name}!" before any script of the app has run.
        expect(headings, path).toEqual([signedInHeading]);
        expect(shifts, path).toEqual([]);
      }
      expect(problems).toEqual([]);
    });
  }

  test('every Hindi page opened cold paints its Hindi heading first, and hydrates without a warning or a shift', async ({
    page,
    context,
  }) => {
    await signInBeforeScripts(context);
    const problems = recordProblems(page);
    for (const { path, heading } of HINDI_ROUTES) {
      await page.goto(pathIn('hi', path));
      await waitForHydration(page);
      const { headings, shifts } = await paintRecord(page);
      expect(headings[0], path).toBe(heading);
      expect(shifts, path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe('hi');
    }
    expect(problems).toEqual([]);
  });

  test('the 404 page hydrates without a warning, saying only which address it missed', async ({ page }) => {
    const problems = recordProblems(page);
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect((await paintRecord(page)).shifts).toEqual([]);
    // Chromium reports the page's own 404 status, and the page logs the address it missed.
    expect(problems).toEqual([expect.stringContaining('status of 404'), `404: no page at ${UNKNOWN_PATH}`]);
  });
});

test('an install offer made before the app has started is kept for it', async ({ page, context }) => {
  await context.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(offer);
      document.documentElement.dataset.offerHeld = String(offer.defaultPrevented);
    }),
  );
  await page.goto(paths.home);
  // Held at once, so Chromium shows no banner of its own, then handed to the app's 'Install App' button.
  await expect(page.locator('html')).toHaveAttribute('data-offer-held', 'true');
  await expect(page.getByRole('button', { name: pwa.install.button })).toBeVisible();
});

test("a setting kept on the phone shows once hydrated: the chat's data saver, turned off", async ({
  page,
  context,
}) => {
  await signInBeforeScripts(context);
  await context.addInitScript((key) => window.localStorage.setItem(key, 'off'), DATA_SAVER_KEY);
  await page.goto(paths.chat);
  await expect(page.getByRole('checkbox', { name: english.conversation.chat.dataSaver })).not.toBeChecked();
});

test.describe('offline, a deep link paints its own page first', { tag: SERVICE_WORKER }, () => {
  test('every route, and the app shell for any other address', async ({ page, context }) => {
    await watchFirstPaint(context);
    await openSignedIn(page, paths.home);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    const offline = [...STAYING, { path: `${paths.signIn}?from=sms`, heading: english['sign-in'].title }];
    for (const { path, heading, signedInHeading = heading } of [
      ...offline,
      { path: UNKNOWN_PATH, heading: app.notFound.title },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(signedInHeading);
      expect((await paintRecord(page)).headings, path).toEqual([signedInHeading]);
    }
  });
});
