import { expectAccessible, settled } from '../support/axe.ts';
import { waitForApp } from '../support/first-paint.ts';
import { toast } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

// The installable app's prompts ('Ready to work offline', the offline banner, 'A new version is available') are
// scanned where their journeys bring them up: pwa-update.spec.ts and pwa-offline-banner.spec.ts.

// One page visits the screens in turn: isolation is not the point here, each screen's scan is.
test('the shell and the simple screens pass axe, have one h1 and a main, and no small targets', async ({ page }) => {
  const screens = [
    { path: '/', heading: 'Thrive' },
    { path: '/no/such/page', heading: 'Details not found' },
    { path: '/new-to-thrive', heading: 'Welcome to Thrive!' },
    { path: '/registered-parent', heading: 'Welcome Back' },
  ];
  for (const { path, heading } of screens) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expectAccessible(page, heading);
  }
});

test('the sign-in validation toasts are accessible', async ({ page }) => {
  const cases = [
    { name: '', phone: '', message: 'Please fill in all required fields' },
    { name: 'Asha', phone: '12345', message: 'Please enter a valid phone number (10 digits or E.164 format)' },
  ];
  for (const { name, phone, message } of cases) {
    await page.goto('/registered-parent');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    const shown = toast(page, 'error', message);
    await expect(shown).toBeVisible();
    await settled(shown);
    await expectAccessible(page, `sign-in with the toast '${message}'`);
  }
});
