import type { Page } from '@playwright/test';
import { hindi } from '../../src/app/hindi.ts';
import { paths } from '../../src/config/paths.ts';
import { pathIn, type Locale } from '../../src/shared/i18n/locale.ts';
import { CODE, FakeConversation } from '../support/fake-conversation.ts';
import { holdScriptsUntilFirstPaint, recordProblems, waitForHydration } from '../support/first-paint.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';
import { english } from '../support/english-catalogs.ts';

/**
 * The chat screen's first paint holds the block the parent will see: the verification for a phone not yet verified, nothing of it for one
 * that is, as the hint the page keeps for the head script says
 * (src/shared/conversation/verified-mark.ts). Hydration and reading the
 * phone's record then change neither, and the largest paint is the HTML's.
 * Each page's scripts wait for its first paint, as on slow mobile data.
 */

const TEXT: Record<Locale, { title: string; verifyText: string; sendCode: string }> = {
  en: english.conversation.thread,
  hi: hindi.conversation.thread,
};

interface VerificationRecord {
  /**
   * The verification paragraph in each frame it changed in: 'absent', or
   * 'shown' or 'hidden' with the element's number (a new element, a new number),
   * and whether the app had started by then.
   */
  frames: { state: string; appStarted: boolean }[];
  /** When the app started: its root stops being inert once hydrated (build/prerender.ts). */
  appStartedAt?: number;
  /** When each largest-paint candidate was painted. */
  largestPaints: number[];
  shifts: number[];
}

type Watched = Window & { __verification?: VerificationRecord };

/** Runs in every document before its scripts: notes the paragraph just before each frame, and the paint entries. */
function watchVerification(texts: string[]): void {
  const record: VerificationRecord = { frames: [], largestPaints: [], shifts: [] };
  (window as Watched).__verification = record;
  const numbers = new WeakMap<Element, number>();
  let elements = 0;
  const note = () => {
    const root = document.getElementById('root');
    if (root && !root.hasAttribute('inert')) record.appStartedAt ??= performance.now();
    const paragraph = [...document.querySelectorAll('p')].find((p) => texts.includes(p.textContent ?? ''));
    if (paragraph && !numbers.has(paragraph)) numbers.set(paragraph, ++elements);
    const state = paragraph
      ? `${paragraph.checkVisibility() ? 'shown' : 'hidden'} #${numbers.get(paragraph)}`
      : 'absent';
    if (record.frames.at(-1)?.state !== state) {
      record.frames.push({ state, appStarted: record.appStartedAt !== undefined });
    }
  };
  let asked = false;
  // Read just before the frame is drawn: by then every script that runs before painting has run.
  const beforeNextFrame = () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => {
      asked = false;
      note();
    });
  };
  new MutationObserver(beforeNextFrame).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.largestPaints.push(entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) record.shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Opens the chat screen cold and waits until the phone's record has been read and drawn: the record so far. */
async function openChat(page: Page, locale: Locale): Promise<VerificationRecord> {
  await page.goto(pathIn(locale, paths.chat));
  await waitForHydration(page);
  // Busy until the phone's record is read.
  await expect(page.getByRole('region', { name: TEXT[locale].title })).not.toHaveAttribute('aria-busy');
  const record = await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return (window as Watched).__verification;
  });
  if (!record) throw new Error('watchVerification was not set up for this page');
  return record;
}

/**
 * The frames that had the paragraph, as one element or several: a frame may come while the parser has given the page
 * only its top, and one after the record is read may have dropped a hidden paragraph; neither drew it.
 */
const withParagraph = (frames: VerificationRecord['frames']) => frames.filter(({ state }) => state !== 'absent');

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(watchVerification, [TEXT.en.verifyText, TEXT.hi.verifyText]);
  await holdScriptsUntilFirstPaint(page);
});

test('a phone not verified paints the verification from the HTML and keeps it, in English and in Hindi', async ({
  page,
}) => {
  const problems = recordProblems(page);
  await openSignedIn(page, '/');
  for (const locale of ['en', 'hi'] as const) {
    const { frames, appStartedAt, largestPaints, shifts } = await openChat(page, locale);
    // One element, shown from before the app started to after its record was read.
    expect(withParagraph(frames), locale).toEqual([{ state: 'shown #1', appStarted: false }]);
    expect(appStartedAt, locale).toBeDefined();
    expect(largestPaints.length, locale).toBeGreaterThan(0);
    for (const time of largestPaints) expect(time, locale).toBeLessThan(appStartedAt ?? 0);
    expect(shifts, locale).toEqual([]);
    await expect(page.getByText(TEXT[locale].verifyText, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT[locale].sendCode })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('once verified the first paint holds no verification; after logout it does again', async ({ page, webhook }) => {
  const conversation = new FakeConversation(webhook);
  conversation.reply('Welcome to Thrive.');
  const problems = recordProblems(page);
  await openSignedIn(page, paths.chat);
  await page.getByRole('button', { name: english.conversation.thread.sendCode }).click();
  await page.getByRole('textbox', { name: english.conversation.thread.codeLabel }).fill(CODE);
  await page.getByRole('button', { name: english.conversation.thread.verify }).click();
  const thread = page.getByRole('region', { name: english.conversation.thread.listLabel });
  await expect(thread.getByText('Welcome to Thrive.')).toBeVisible();

  // Opened cold again: the verification is in the HTML but hidden, for assistive technology too, from before the app
  // starts until the record removes it; the thread comes.
  const verified = await openChat(page, 'en');
  expect(withParagraph(verified.frames)).toEqual([{ state: 'hidden #1', appStarted: false }]);
  expect(verified.shifts).toEqual([]);
  await expect(thread.getByText('Welcome to Thrive.')).toBeVisible();
  await expect(page.getByRole('button', { name: english.conversation.thread.sendCode })).toHaveCount(0);

  await page.getByRole('link', { name: english.ui.backToMenu }).click();
  await page.getByRole('button', { name: english.menu.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  await openSignedIn(page, '/');
  const loggedOut = await openChat(page, 'en');
  expect(withParagraph(loggedOut.frames)).toEqual([{ state: 'shown #1', appStarted: false }]);
  expect(problems).toEqual([]);
});
