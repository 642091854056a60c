import type { BrowserContext, Page } from '@playwright/test';

interface PaintRecord {
  /** Every distinct text the page's h1 had, in order, from the first one the parser or React put in. */
  headings: string[];
  /** Layout shifts not caused by input, as the browser scores them (CLS adds these up). */
  shifts: number[];
}

type Watched = Window & { __paint?: PaintRecord };

/** Runs before any page script: notes each h1 text as it appears, and every layout shift. */
function watchPaint(): void {
  const record: PaintRecord = { headings: [], shifts: [] };
  (window as Watched).__paint = record;
  const noteHeading = () => {
    const text = document.querySelector('h1')?.textContent?.trim();
    if (text && record.headings.at(-1) !== text) record.headings.push(text);
  };
  new MutationObserver(noteHeading).observe(document, { childList: true, subtree: true, characterData: true });
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
  const record = await page.evaluate(() => (window as Watched).__paint);
  if (!record) throw new Error('watchFirstPaint was not set up for this page');
  return record;
}

/**
 * On 127.0.0.1 the scripts can arrive and hydrate the page before its HTML
 * is first painted, hiding what hydration changes: each script waits for the
 * first contentful paint, as it would on slow mobile data.
 */
export async function holdScriptsUntilFirstPaint(page: Page): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
      .catch(() => undefined);
    await route.continue();
  });
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
 * Resolves once the app runs on the page: a prerendered page is inert until
 * hydrated (build/prerender.ts). Clicks and fills wait for that by
 * themselves; what bypasses them (setInputFiles, evaluate) needs this first.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
}

/** Resolves once the page has hydrated and loaded: the toaster mounts only then (src/app/app-layout.tsx). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.getByRole('region', { name: /^(Notifications|सूचनाएँ)/ }).waitFor({ state: 'attached' });
  // Two frames, so whatever the last render changed has been laid out and scored.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
