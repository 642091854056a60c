import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { waitForApp } from './first-paint.ts';

/** WCAG 2.2 A and AA, plus axe's best practices (landmarks, one h1, heading order…): every rule axe runs by default. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/**
 * axe-core itself, put into the page once per document and run there. Not
 * `@axe-core/playwright`: its analyze() injects the 580 KB script again at
 * every scan and finishes each one in a new blank page, which cost about ten
 * times the scan itself on 2 cores (9-15 s against 1-2 s a scan, measured side
 * by side on one page). The portal has no frames, so the one document is the
 * whole page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  elements: { target: string; why: string }[];
}

export interface AxeScope {
  /** A CSS selector to limit the scan to (the whole page, toasts and banners included, by default). */
  include?: string;
}

/** What axe finds on the page as it is now, in a form that reads well in a failed assertion. */
export async function axeFindings(page: Page, { include }: AxeScope = {}): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: [...AXE_TAGS] }, resultTypes: ['violations'] };
  const { violations } = await page.evaluate(
    ([scope, runOptions]) =>
      (window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } }).axe.run(
        scope ?? document,
        runOptions,
      ),
    [include ? { include: [include] } : null, options] as const,
  );
  return violations.map(({ id, impact, help, nodes }) => ({
    rule: id,
    impact,
    help,
    elements: nodes.map((node) => ({ target: node.target.join(' '), why: node.failureSummary ?? '' })),
  }));
}

/** Fails with every violation listed: rule, element and why. `state` names what was on screen. */
export async function expectNoAxeViolations(page: Page, state: string, scope: AxeScope = {}): Promise<void> {
  expect(await axeFindings(page, scope), `axe violations: ${state}`).toEqual([]);
}

/** Exactly one h1, exactly one main landmark, and a language on the document. */
export async function expectPageStructure(page: Page, state: string): Promise<void> {
  const facts = await page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main, [role="main"]').length,
    lang: document.documentElement.lang,
  }));
  expect(facts, `page structure: ${state}`).toEqual({ h1: 1, main: 1, lang: expect.stringMatching(/^[a-z]{2}/) });
}

/** WCAG 2.2's minimum target (2.5.8); the portal itself aims at 44-48 px. */
export const MIN_TARGET_PX = 24;

/**
 * Every visible thing a finger can press that is smaller than 24x24 px.
 * A control hidden with the visually-hidden pattern (1 px, clipped) is left
 * out: its visible label is what the finger presses, and that label is
 * measured instead.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input, select, textarea, summary, label[for], [role="button"], [tabindex="0"]';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const { width, height } = element.getBoundingClientRect();
      if (width <= 1 && height <= 1) continue;
      if (width < min || height < min) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(width)}x${Math.round(height)}`,
        );
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

export async function expectNoSmallTargets(page: Page, state: string): Promise<void> {
  expect(await smallTargets(page), `targets under ${MIN_TARGET_PX}x${MIN_TARGET_PX} px: ${state}`).toEqual([]);
}

/**
 * Resolves once every toast on screen has mounted and finished sliding or
 * fading, with what is on screen then: the toasts' texts and states.
 */
async function settleToasts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const toasts = () => [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
    // sonner starts a toast's transition a frame after it mounts: wait for that start, then for its end.
    while (toasts().some((toast) => toast.dataset.mounted !== 'true')) {
      await new Promise((done) => requestAnimationFrame(done));
    }
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      toasts()
        .flatMap((toast) => toast.getAnimations({ subtree: true }))
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    return JSON.stringify(toasts().map((toast) => [toast.textContent, toast.dataset.removed, toast.dataset.front]));
  });
}

/**
 * All of the above at once: axe, structure and target sizes for what is on
 * screen now. A toast can arrive at any moment (the worker's 'Ready to work
 * offline', an answer's toast a frame after its panel): axe measures the
 * toasts once they have settled, and scans again if one came or went while
 * it read the page, so it never reports the colours of a frame mid-fade.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  let findings: AxeFinding[] = [];
  for (let scan = 0; scan < 5; scan += 1) {
    const before = await settleToasts(page);
    findings = await axeFindings(page);
    if ((await settleToasts(page)) === before) break;
  }
  expect(findings, `axe violations: ${state}`).toEqual([]);
  await expectPageStructure(page, state);
  await expectNoSmallTargets(page, state);
}

/**
 * Resolves once what slides or fades `locator` in (a toast) has finished, so
 * axe measures final colours rather than a frame of the animation. Endless
 * animations (a spinner) are not waited for.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        // A transition cut short by a newer one rejects: it has ended all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Opens `path` once the first visit's 'Ready to work offline' toast has come
 * and gone with the page before: that toast slides in whenever the service
 * worker finishes installing, and axe catching it half-faded would report
 * colours nobody sees. Later visits never show it. `origin` is for a server
 * other than the test's own.
 */
export async function openInstalled(page: Page, path: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/`);
  await expect(page.getByText('Ready to work offline', { exact: true })).toBeVisible();
  await page.goto(`${origin}${path}`);
  await waitForApp(page);
}
