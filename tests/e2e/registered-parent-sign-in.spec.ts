import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ASHA, expectToast, openSignedIn, readSessionUser } from '../support/registered-parent.ts';

/** Forgets whatever a step before left in this tab's sessionStorage (a parent it signed in), as a new tab would. */
async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => window.sessionStorage.clear());
}

/** Sign-in as a new tab opens it: no parent saved, a fresh document. */
async function openSignedOut(page: Page): Promise<void> {
  await forgetSession(page);
  await page.goto('/registered-parent');
}

// One page walks the form's states; each step starts signed out on a fresh sign-in page, as the old tests' new tabs did.
test('sign-in: the form, its refusals, signing in and the keyboard', async ({ page }) => {
  await test.step('shows the Welcome Back form with its labels and hint, and Back leads home', async () => {
    await page.goto('/registered-parent');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    const phone = page.getByLabel('Phone Number');
    await expect(phone).toHaveValue('');
    await expect(phone).toHaveAccessibleDescription('For example +91 98765 43210, or the 10 digits alone');
    await expect(page.getByText('For example +91 98765 43210, or the 10 digits alone', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('works with the keyboard alone', async () => {
    await openSignedOut(page);
    // The screen's heading takes focus when it opens; the keyboard starts from there.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Asha');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await page.keyboard.type('9876543210');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha!' })).toBeVisible();
  });

  // Which names and numbers pass is the rules' unit table (tests/unit/shared/rules): here, one of each refusal.
  for (const [name, number] of [['   ', '']] as const) {
    await test.step(`asks for every field when given name ${JSON.stringify(name)} and phone ${JSON.stringify(number)}`, async () => {
      await openSignedOut(page);
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Phone Number').fill(number);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectToast(page, 'error', 'Please fill in all required fields');
      await expect(page).toHaveURL(/\/registered-parent$/);
      expect(await readSessionUser(page)).toBeNull();
    });
  }

  for (const number of ['5876543210']) {
    await test.step(`refuses the phone number ${number}`, async () => {
      await openSignedOut(page);
      await page.getByLabel('Name').fill('Asha');
      await page.getByLabel('Phone Number').fill(number);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectToast(page, 'error', 'Please enter a valid phone number (10 digits or E.164 format)');
      await expect(page).toHaveURL(/\/registered-parent$/);
      expect(await readSessionUser(page)).toBeNull();
      // The words stay under the number, not only in the toast, and the name is not marked.
      const phone = page.getByLabel('Phone Number');
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(phone).toHaveAccessibleDescription(
        'Please enter a valid phone number (10 digits or E.164 format) For example +91 98765 43210, or the 10 digits alone',
      );
      await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
      await phone.fill('9876543210');
      await expect(phone).not.toHaveAttribute('aria-invalid');
      await expect(page.getByText('Please enter a valid phone number (10 digits or E.164 format)')).toHaveCount(0);
    });
  }

  await test.step('refuses a pasted name with a tab in it, keeping what was typed, and signs nobody in', async () => {
    await openSignedOut(page);
    await page.getByLabel('Name').fill('Asha\tVerma');
    await page.getByLabel('Phone Number').fill('9876543210');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(
      page,
      'error',
      'Please type your name again: it has a tab, a line break or another character that cannot be sent',
    );
    await expect(page.getByLabel('Name')).toHaveValue('Asha\tVerma');
    expect(await readSessionUser(page)).toBeNull();
  });

  await test.step('saves the trimmed parent and opens the menu', async () => {
    await openSignedOut(page);
    await page.getByLabel('Name').fill('  Asha Verma  ');
    await page.getByLabel('Phone Number').fill(' 9876543210 ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/registered-parent\/menu$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
    expect(await readSessionUser(page)).toEqual({ name: 'Asha Verma', number: '9876543210' });
  });

  await test.step('accepts an E.164 number', async () => {
    await openSignedOut(page);
    await page.getByLabel('Name').fill('Sam');
    await page.getByLabel('Phone Number').fill('+447700900123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam!' })).toBeVisible();
    expect(await readSessionUser(page)).toEqual({ name: 'Sam', number: '+447700900123' });
  });

  await test.step('is prefilled from the saved parent', async () => {
    await forgetSession(page);
    await openSignedIn(page, '/registered-parent');
    await expect(page.getByLabel('Name')).toHaveValue(ASHA.name);
    await expect(page.getByLabel('Phone Number')).toHaveValue(ASHA.number);
  });
});

// A fresh page with no session first, then the signed-in menu: each menu step opens it afresh, signed in as Asha.
test('menu: the guard without a session, then the greeting, its cards, Home and Logout', async ({ page }) => {
  for (const path of ['menu', 'schedule', 'reschedule', 'chat']) {
    await test.step(`/registered-parent/${path} without a session redirects to sign-in`, async () => {
      await page.goto(`/registered-parent/${path}`);
      await expect(page).toHaveURL(/\/registered-parent$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    });
  }

  await test.step('greets the parent and offers the three cards', async () => {
    await openSignedIn(page, '/registered-parent/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
    await expect(page.getByText('What would you like to do?', { exact: true })).toBeVisible();
    const cards = [
      ['Know your schedule', 'View upcoming sessions', /\/registered-parent\/schedule$/, 'Your Schedule'],
      ['Reschedule', 'Change your session dates', /\/registered-parent\/reschedule$/, 'Reschedule Session'],
      [
        'Chat with your facilitator',
        'Send messages and attachments',
        /\/registered-parent\/chat$/,
        'Chat with Facilitator',
      ],
    ] as const;
    for (const [title, text, url, heading] of cards) {
      const card = page.getByRole('link', { name: new RegExp(`^${title}`) });
      await expect(card).toContainText(text);
      await card.click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Menu' }).click();
      await expect(page).toHaveURL(/\/registered-parent\/menu$/);
    }
  });

  await test.step('Home leads to the landing page and keeps the session', async () => {
    await openSignedIn(page, '/registered-parent/menu');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await readSessionUser(page)).toEqual(ASHA);
  });

  await test.step('Logout clears the session and goes to the landing page', async () => {
    await openSignedIn(page, '/registered-parent/menu');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
    expect(await readSessionUser(page)).toBeNull();
    await page.goto('/registered-parent/menu');
    await expect(page).toHaveURL(/\/registered-parent$/);
    await expect(page.getByLabel('Name')).toHaveValue('');
  });
});
