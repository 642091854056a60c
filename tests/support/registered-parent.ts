import { expect, type Locator, type Page } from '@playwright/test';
import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';
import { openInstalled } from './axe.ts';
import { waitForApp } from './first-paint.ts';
import { ASHA } from './people.ts';
import type { User } from '../../src/shared/webhook/types.ts';

export { ASHA, IST_TIMESTAMP, UUID_V4 } from './people.ts';

/**
 * Opens `path` with a signed-in parent in this tab's sessionStorage, as the sign-in form leaves it, and waits for the
 * app. The parent is put there before the page's first script runs, for this one navigation only: a later logout
 * and reload find the tab as the app left it.
 */
export async function openSignedIn(page: Page, path: string, user: User = ASHA): Promise<void> {
  const signedIn = await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
    SESSION_USER_KEY,
    JSON.stringify(user),
  ] as const);
  await page.goto(path);
  await signedIn.dispose();
  await waitForApp(page);
}

/**
 * Signed in, then `path`, once the first visit's 'Ready to work offline'
 * toast has come and gone (see openInstalled): axe must not measure it half-faded.
 */
export async function openSignedInInstalled(page: Page, path: string): Promise<void> {
  await openInstalled(page, '/');
  await page.evaluate(([key, value]) => window.sessionStorage.setItem(key, value), [
    SESSION_USER_KEY,
    JSON.stringify(ASHA),
  ] as const);
  await page.goto(path);
  await waitForApp(page);
}

export async function readSessionUser(page: Page): Promise<unknown> {
  const raw = await page.evaluate((key) => window.sessionStorage.getItem(key), SESSION_USER_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

export type ToastType = 'success' | 'error' | 'info';

/** A sonner toast of the given kind, found by its exact text inside the notifications region. */
export function toast(page: Page, type: ToastType, text: string): Locator {
  return page
    .getByRole('region', { name: /^(Notifications|सूचनाएँ)/ })
    .locator(`[data-sonner-toast][data-type="${type}"]`)
    .filter({ has: page.getByText(text, { exact: true }) });
}

export async function expectToast(page: Page, type: ToastType, text: string): Promise<void> {
  await expect(toast(page, type, text)).toBeVisible();
}

/**
 * Taps Fetch My Schedule and waits for 'Schedule retrieved successfully!': the app says so once the schedule is
 * saved on this phone, so a test may then reload, go offline or sign in as someone else.
 */
export async function fetchSavedSchedule(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  await expectToast(page, 'success', 'Schedule retrieved successfully!');
}
