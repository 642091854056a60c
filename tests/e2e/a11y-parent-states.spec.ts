import type { Locator, Page } from '@playwright/test';
import { expectAccessible, openInstalled, settled } from '../support/axe.ts';
import { sampleFile } from '../support/media-samples.ts';
import { openSignedInInstalled, toast, type ToastType } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

/**
 * The registered-parent screens as a whole page, toasts, banner and footer
 * included, in every state: filled in, validation toasts, busy buttons,
 * lists, empty and error answers, success panels.
 */

// Each test installs the app, then scans the whole page several times: slow on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

async function expectToastAccessible(page: Page, type: ToastType, text: string, state: string): Promise<void> {
  const shown: Locator = toast(page, type, text);
  await expect(shown).toBeVisible();
  await settled(shown);
  await expectAccessible(page, state);
}

test('sign-in, whole page', async ({ page }) => {
  await openInstalled(page, '/registered-parent');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
});

test('the menu, whole page', async ({ page }) => {
  await openSignedInInstalled(page, '/registered-parent/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
  await expectAccessible(page, 'menu');
});

test.describe('schedule', () => {
  const fetchButton = (page: Page) => page.getByRole('button', { name: /^(Fetch My|Refresh) Schedule$/ });

  test.beforeEach(async ({ page }) => {
    await openSignedInInstalled(page, '/registered-parent/schedule');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Schedule' })).toBeVisible();
    await expectAccessible(page, 'schedule, before fetching');
  });

  test('busy, then a list with its toast', async ({ page, webhook }) => {
    webhook.reply({ body: { schedule: 'Tuesday: 4:00 PM with Ms. Rao' }, delayMs: 4_000 });
    await fetchButton(page).click();
    await expect(fetchButton(page)).toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page, 'schedule, fetching');
    await expectToastAccessible(page, 'success', 'Schedule retrieved successfully!', 'schedule, list');
  });

  test('a list with a line it could not read', async ({ page, webhook }) => {
    webhook.reply({ body: { schedule: 'Monday: 4:00 PM with Ms. Rao\nNote this' } });
    await fetchButton(page).click();
    await expect(page.getByRole('list', { name: 'Sessions this week' })).toContainText('Note this');
    await expectToastAccessible(
      page,
      'success',
      'Schedule retrieved successfully!',
      'schedule, list with a plain line',
    );
  });

  test('empty, with the info toast', async ({ page, webhook }) => {
    webhook.reply({ body: '' });
    await fetchButton(page).click();
    await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
    await expectToastAccessible(page, 'info', 'No schedule data received from webhook', 'schedule, empty');
  });

  test('failed, with the error box and toast', async ({ page, webhook }) => {
    webhook.reply({ status: 422, body: 'Unknown parent' });
    await fetchButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Unknown parent');
    await expectToastAccessible(page, 'error', 'Failed to fetch schedule', 'schedule, error');
  });
});

test.describe('reschedule', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-23T10:00:00.000+05:30'));
    await openSignedInInstalled(page, '/registered-parent/reschedule');
    await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeVisible();
    await expectAccessible(page, 'reschedule, nothing picked');
  });

  test("the 'Please select a date or date range' toast", async ({ page }) => {
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectToastAccessible(page, 'error', 'Please select a date or date range', 'reschedule, no date');
  });

  test('a range picked, then the success panel and toast', async ({ page, webhook }) => {
    webhook.reply({ body: 'Done' });
    await page
      .getByRole('grid')
      .getByRole('button', { name: /November 24th/ })
      .click();
    await page
      .getByRole('grid')
      .getByRole('button', { name: /November 26th/ })
      .click();
    await expectAccessible(page, 'reschedule, range picked');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('button', { name: 'Submit Another Request' })).toBeVisible();
    await expectToastAccessible(page, 'success', 'Request submitted!', 'reschedule, success');
  });

  test('busy, then the error panel and toast', async ({ page, webhook }) => {
    webhook.reply({ status: 422, body: 'That week is closed', delayMs: 4_000 });
    await page
      .getByRole('grid')
      .getByRole('button', { name: /November 24th/ })
      .click();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('button', { name: 'Submit Request' })).toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page, 'reschedule, sending');
    await expect(page.getByRole('alert')).toContainText('That week is closed');
    await expectToastAccessible(page, 'error', 'Failed to submit request', 'reschedule, error');
  });
});

test.describe('chat', () => {
  const message = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
  const send = (page: Page) => page.getByRole('button', { name: 'Send Message' });

  test.beforeEach(async ({ page }) => {
    await openSignedInInstalled(page, '/registered-parent/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
  });

  test("the 'Please enter a message' toast", async ({ page }) => {
    await send(page).click();
    await expectToastAccessible(page, 'error', 'Please enter a message', 'chat, empty message');
  });

  test("the 'Message must be 500 characters or less' toast", async ({ page }) => {
    await message(page).fill('a'.repeat(501));
    await send(page).click();
    await expectToastAccessible(page, 'error', 'Message must be 500 characters or less', 'chat, too long');
  });

  test('the toast for a file of the wrong type', async ({ page }) => {
    await page
      .getByLabel('Add Files')
      .setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('pdf') }]);
    await expectToastAccessible(page, 'error', 'notes.pdf is not a valid file type', 'chat, wrong file type');
  });

  test('files attached, then the success panel with its channel and toast', async ({ page, webhook }) => {
    webhook.reply({ body: { message: 'Thanks', slackChannel: '#parents' } });
    await message(page).fill('Hello');
    await page
      .getByLabel('Add Files')
      .setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: sampleFile('image/png', 64) }]);
    await expectAccessible(page, 'chat, files attached');
    await send(page).click();
    await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
    await expectToastAccessible(page, 'success', 'Message sent successfully!', 'chat, sent');
  });

  test('busy, then the error panel and toast', async ({ page, webhook }) => {
    // The answer waits for the scan of the busy state, however long a loaded machine makes it take.
    let scanned = () => {};
    const busyScanned = new Promise<void>((resolve) => (scanned = resolve));
    webhook.reply(async () => {
      await busyScanned;
      return { status: 422, body: 'This channel takes no messages today' };
    });
    await message(page).fill('Hello');
    await send(page).click();
    await expect(send(page)).toHaveAttribute('aria-busy', 'true');
    try {
      await expectAccessible(page, 'chat, sending');
    } finally {
      scanned();
    }
    await expect(page.getByRole('alert')).toContainText('This channel takes no messages today');
    await expectToastAccessible(page, 'error', 'Failed to send message', 'chat, error');
  });
});
