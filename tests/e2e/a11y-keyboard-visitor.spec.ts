import type { Page } from '@playwright/test';
import { E2E_BUILD_ENV } from '../support/build.ts';
import { waitForApp } from '../support/first-paint.ts';
import { tabOnceTo, tabTo } from '../support/keyboard.ts';
import { expectToast } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const link = (page: Page, name: string | RegExp) => page.getByRole('link', { name });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const successPanel = (page: Page) => page.getByRole('status').filter({ hasText: 'Success!' });

test('a new visitor books a consultation, then schedules a call, with the keyboard alone', async ({
  page,
  webhook,
}) => {
  webhook.reply({ body: { message: 'See you on Monday.' } });
  const refusal = webhook.hold({ status: 422, body: 'The calendar is full this week' });
  webhook.reply({ body: '' });
  await page.goto('/');
  await expect(heading(page, 'Thrive')).toBeVisible();
  // Keys pressed before the app runs reach nothing: the prerendered page is inert until hydrated.
  await waitForApp(page);

  // Landing → welcome → book a consult.
  await tabOnceTo(page, link(page, 'हिन्दी'));
  await tabOnceTo(page, link(page, /^I'm a registered parent/));
  await tabOnceTo(page, link(page, /^I'm new to Thrive/));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Welcome to Thrive!')).toBeFocused();
  await tabOnceTo(page, link(page, /^Book a consult/));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Book a Consultation')).toBeFocused();

  // Enter on an empty form: the toast, and focus on the first missing field.
  await tabOnceTo(page, textbox(page, 'Name'));
  await page.keyboard.press('Enter');
  await expectToast(page, 'error', 'Name and phone number are required');
  await expect(textbox(page, 'Name')).toBeFocused();
  await page.keyboard.type('Asha Rao');
  await tabOnceTo(page, textbox(page, 'Phone Number'));
  await page.keyboard.type('9876543210');
  await tabOnceTo(page, textbox(page, 'Preferred Days/Times (Optional)'));
  await page.keyboard.type('Weekday evenings');
  await tabOnceTo(page, textbox(page, 'Message (Optional)'));
  // Enter in the message box is a new line, never a submit.
  await page.keyboard.type('My son is 7.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('He loves drawing.');
  await tabOnceTo(page, page.getByRole('button', { name: 'Book Consultation' }));
  await page.keyboard.press('Enter');
  await expect(successPanel(page)).toContainText('See you on Monday.');
  await expectToast(page, 'success', 'Request submitted!');
  const [consult] = await webhook.waitForRequests(1);
  expect(consult?.body).toMatchObject({
    action: 'book_consult',
    user: { name: 'Asha Rao', number: '9876543210' },
    message: 'My son is 7.\nHe loves drawing.',
    preferred_times: 'Weekday evenings',
  });

  // The panel took focus, so the next Tab is its own button.
  await tabOnceTo(page, link(page, 'Back to Options'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Welcome to Thrive!')).toBeFocused();

  // Welcome → schedule a call: a failure first, then the retry from the same button.
  await tabTo(page, link(page, /^Schedule a call to chat/));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Schedule a Call')).toBeFocused();
  await tabOnceTo(page, textbox(page, 'Name'));
  await page.keyboard.type('Ravi');
  await tabOnceTo(page, textbox(page, 'Phone Number'));
  await page.keyboard.type('+919876543210');
  await tabTo(page, page.getByRole('button', { name: 'Schedule Call' }));
  const submit = page.getByRole('button', { name: 'Schedule Call' });
  await page.keyboard.press('Space');
  await refusal.arrived;
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  // While it sends, focus stays on the button instead of falling to <body>.
  await expect(submit).toBeFocused();
  refusal.release();
  await expect(page.getByRole('alert')).toContainText('The calendar is full this week');
  await expectToast(page, 'error', 'Failed to submit request');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(successPanel(page)).toContainText('Your call request has been submitted successfully!');
  const requests = await webhook.waitForRequests(3);
  expect(requests[2]?.body).toMatchObject({ action: 'schedule_call', user: { name: 'Ravi', number: '+919876543210' } });

  // Back to the options, then Home from the welcome page's own nav.
  await tabOnceTo(page, link(page, 'Back to Options'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Welcome to Thrive!')).toBeFocused();
  await tabOnceTo(page, link(page, 'Home'), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Thrive')).toBeVisible();
});

test('know more is reached with the keyboard and leaves for the information page', async ({ page, context }) => {
  const infoUrl = E2E_BUILD_ENV.VITE_KNOW_MORE_URL;
  await context.route(`${new URL(infoUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>About</title><h1>About Thrive</h1>' }),
  );
  await page.goto('/new-to-thrive');
  await expect(heading(page, 'Welcome to Thrive!')).toBeFocused();
  await tabOnceTo(page, link(page, /^Book a consult/));
  await tabOnceTo(page, link(page, /^Schedule a call to chat/));
  await tabOnceTo(page, link(page, /^Know more about Thrive/));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(infoUrl);
});

test('the 404 page leads home with the keyboard alone', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(heading(page, 'Details not found')).toBeFocused();
  await tabOnceTo(page, link(page, 'Return to Home'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Thrive')).toBeVisible();
});
