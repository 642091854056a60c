import type { BrowserContext, Page, Route } from '@playwright/test';
import { APP_STARTED_ATTRIBUTE } from '../../src/page/boot-script.ts';

interface PaintRecord {
  /**
   * Every distinct text the page's h1 had in a frame, in order, from the first
   * one painted: what a person saw. A text the page's head script replaced
   * before the frame (the menu's greeting) was never on screen, and is not here.
   */
  headings: string[];
  /** Layout shifts not caused by input, as the browser scores them (CLS adds these up). */
  shifts: number[];
}

type Watched = Window & { __paint?: PaintRecord; __noteHeading?: () => void };

/** Runs before any page script: notes each h1 text as the frame showing it is drawn, and every layout shift. */
function watchPaint(): void {
  const record: PaintRecord = { headings: [], shifts: [] };
  const watched = window as Watched;
  watched.__paint = record;
  const noteHeading = () => {
    const text = document.querySelector('h1')?.textContent?.trim();
    if (text && record.headings.at(-1) !== text) record.headings.push(text);
  };
  watched.__noteHeading = noteHeading;
  let frameAsked = false;
  // Read just before the frame is drawn: by then every script that runs before painting has run.
  const beforeNextFrame = () => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      noteHeading();
    });
  };
  new MutationObserver(beforeNextFrame).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) record.shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Every page of the context records its headings and layout shifts from its first byte on. */
export async function watchFirstPaint(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchPaint);
}

export async function paintRecord(page: Page): Promise<PaintRecord> {
  // The h1 as it is now too: a change the test just saw may wait for its frame.
  const record = await page.evaluate(() => {
    (window as Watched).__noteHeading?.();
    return (window as Watched).__paint;
  });
  if (!record) throw new Error('watchFirstPaint was not set up for this page');
  return record;
}

/**
 * On 127.0.0.1 the scripts can arrive and hydrate the page before its HTML
 * is first painted, hiding what hydration changes: each script waits for the
 * first contentful paint, as it would on slow mobile data.
 */
export async function holdScriptsUntilFirstPaint(page: Page): Promise<void> {
  // One wait a document, which its scripts share: a wait each (a page asks for about fifteen) polled the page at
  // every frame, each one. A new document, committed before it asks for any script, starts a new wait.
  let painted: Promise<unknown> | undefined;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) painted = undefined;
  });
  await page.route('**/assets/*.js', async (route) => {
    painted ??= page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
      .catch(() => undefined);
    await painted;
    await route.continue();
  });
}

/**
 * Holds every script the pages ask for, as slow mobile data would, until `release`: the app does not start while
 * they are held. `held` lists those asked for so far.
 */
export async function holdScripts(page: Page): Promise<{ held: Route[]; release(): Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => (holding ? void held.push(route) : route.fallback()));
  return {
    held,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.fallback();
    },
  };
}

/**
 * Chromium offers installing only outside incognito: a stand-in offer, as
 * Chromium makes it, so the 'Install App' button appears as it would for a parent.
 */
export async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
}

/**
 * Resolves once the app runs on the page (hydrated: APP_STARTED_ATTRIBUTE). A prerendered page with a form is
 * inert until then, and clicks and fills wait for that by themselves; what bypasses them (setInputFiles,
 * evaluate), and what needs the app on a page of links (its routing, its focus), needs this first.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator(`#root[${APP_STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}

/** Resolves once the page has hydrated and loaded: the toaster mounts only then (src/app/app-layout.tsx). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.getByRole('region', { name: /^(Notifications|सूचनाएँ)/ }).waitFor({ state: 'attached' });
  // Two frames, so whatever the last render changed has been laid out and scored.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Whatever the console says while a page opens, warnings and errors only (a hydration mismatch included), page
 * errors included. These contexts block the service worker (playwright.config.ts): Playwright warns, registering
 * fails and the app says so; the pwa specs, which allow the worker, see any real failure.
 */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/^Service worker registration (blocked by Playwright|failed)/i.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
