import { expect, test, type Page } from '@playwright/test';

/** Nothing on the page is wider than a 360 px phone: no sideways scrolling. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The toaster's list is a fixed frame wider than a phone (sonner's own layout, scrolling nothing): its toasts are measured.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => !element.matches('[data-sonner-toaster]'))
      .filter((element) => {
        const { left, right } = element.getBoundingClientRect();
        return (right > width + 1 || left < -1) && element.checkVisibility();
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 30)}"`);
    return document.documentElement.scrollWidth > width
      ? [`page scrolls: ${document.documentElement.scrollWidth}px`, ...wide]
      : wide;
  });
}

/**
 * The tones of what the screen says about the state of things, from every
 * place it can say it: toasts, panels, the words under a field, the offline
 * banner. 'offline' covers the banner and what was saved on the phone; a
 * plain toast ('Ready to work offline') is news, not a status.
 */
async function statusTones(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tones = new Set<string>();
    const shown = (selector: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => element.checkVisibility());
    for (const toast of shown('[data-sonner-toast]')) {
      const type = toast.dataset.type ?? '';
      // sonner keeps a leaving toast in the list while it fades: only one that stays counts.
      if (toast.dataset.removed !== 'true' && (type === 'error' || type === 'success')) tones.add(type);
    }
    if (shown('.panel--error, .field__error').length > 0) tones.add('error');
    if (shown('.panel--success').length > 0) tones.add('success');
    if (shown('.offline-banner, .panel--saved').length > 0) tones.add('offline');
    return [...tones].sort();
  });
}

/**
 * A changed screen as a parent meets it on a 360 px phone: nothing
 * sideways, one status at a time (never an error beside a success), and a
 * screenshot kept for a person to look at.
 */
export async function expectPhoneScreen(page: Page, state: string): Promise<void> {
  expect(page.viewportSize()?.width, `a 360 px phone: ${state}`).toBe(360);
  expect(await sidewaysOverflow(page), `sideways at 360 px: ${state}`).toEqual([]);
  expect((await statusTones(page)).length, `one status at a time: ${state}`).toBeLessThanOrEqual(1);
  const file = test.info().outputPath(`phone-360-${state.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(`360 px: ${state}`, { path: file, contentType: 'image/png' });
}
