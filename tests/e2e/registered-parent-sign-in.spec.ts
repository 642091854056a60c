import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ASHA, openSignedIn } from '../support/registered-parent.ts';

/** Forgets whatever a step before left in this tab's sessionStorage (a parent it signed in), as a new tab would. */
async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => window.sessionStorage.clear());
}

// The form's states, its refusals and what signing in saves: tests/unit/features/sign-in/sign-in-screen.test.tsx;
// the menu's: tests/unit/features/menu/menu-screen.test.tsx.
test('sign-in: the keyboard alone with the hint in view, and the saved parent prefilled once the page has started', async ({
  page,
}) => {
  await test.step('shows the phone hint and works with the keyboard alone', async () => {
    await page.goto('/registered-parent');
    // The screen's heading takes focus when it opens; the keyboard starts from there.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeFocused();
    await expect(page.getByText('For example +91 98765 43210, or the 10 digits alone', { exact: true })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Asha');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await page.keyboard.type('9876543210');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha!' })).toBeVisible();
  });

  // The prerendered page knows nobody: the parent saved in this tab is filled in after hydration.
  await test.step('is prefilled from the saved parent', async () => {
    await forgetSession(page);
    await openSignedIn(page, '/registered-parent');
    await expect(page.getByLabel('Name')).toHaveValue(ASHA.name);
    await expect(page.getByLabel('Phone Number')).toHaveValue(ASHA.number);
  });
});
