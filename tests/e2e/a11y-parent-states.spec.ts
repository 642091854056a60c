import type { Locator, Page } from '@playwright/test';
import { expectAccessible, settled } from '../support/axe.ts';
import { waitForApp } from '../support/first-paint.ts';
import { sampleFile } from '../support/media-samples.ts';
import { openSignedIn, toast, type ToastType } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

/**
 * The registered-parent screens as a whole page, toasts, banner and footer
 * included, in every state: filled in, validation toasts, busy buttons,
 * lists, empty and error answers, success panels. One page per screen walks
 * its states in turn and scans each once; a busy state is scanned while the
 * test holds the webhook's answer. (The first visit's 'Ready to work
 * offline' toast is the shell spec's: the worker is blocked here.)
 */

// Each test scans the whole page several times: slow on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

/** Scans once the toast is in and every toast has finished sliding: axe must not measure a frame of an animation. */
async function expectToastAccessible(page: Page, type: ToastType, text: string, state: string): Promise<void> {
  const shown: Locator = toast(page, type, text).last();
  await expect(shown).toBeVisible();
  await settled(page.getByRole('region', { name: /^Notifications/ }));
  await expectAccessible(page, state);
}

test('sign-in and the menu, whole page', async ({ page }) => {
  await page.goto('/registered-parent');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await openSignedIn(page, '/registered-parent/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
  await expectAccessible(page, 'menu');
});

test('schedule: before fetching, busy, a list, a plain line, empty, failed', async ({ page, webhook }) => {
  const fetchButton = page.getByRole('button', { name: /^(Fetch My|Refresh) Schedule$/ });
  const list = page.getByRole('list', { name: 'Sessions this week' });
  await openSignedIn(page, '/registered-parent/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Schedule' })).toBeVisible();
  await expectAccessible(page, 'schedule, before fetching');

  const busy = webhook.hold({ body: { schedule: 'Tuesday: 4:00 PM with Ms. Rao' } });
  await fetchButton.click();
  await busy.arrived;
  await expect(fetchButton).toHaveAttribute('aria-busy', 'true');
  await expectAccessible(page, 'schedule, fetching');
  busy.release();
  await expect(list).toContainText('Ms. Rao');
  await expectToastAccessible(page, 'success', 'Schedule retrieved successfully!', 'schedule, list');

  webhook.reply({ body: { schedule: 'Monday: 4:00 PM with Ms. Rao\nNote this' } });
  await fetchButton.click();
  await expect(list).toContainText('Note this');
  await expectToastAccessible(page, 'success', 'Schedule retrieved successfully!', 'schedule, list with a plain line');

  webhook.reply({ body: '' });
  await fetchButton.click();
  await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
  await expectToastAccessible(page, 'info', 'No schedule data received from webhook', 'schedule, empty');

  webhook.reply({ status: 422, body: 'Unknown parent' });
  await fetchButton.click();
  await expect(page.getByRole('alert')).toContainText('Unknown parent');
  await expectToastAccessible(page, 'error', 'Failed to fetch schedule', 'schedule, error');
});

test('reschedule: nothing picked, no date, a range, busy, failed, then sent', async ({ page, webhook }) => {
  const day = (name: RegExp) => page.getByRole('grid').getByRole('button', { name });
  const submit = page.getByRole('button', { name: 'Submit Request' });
  await page.clock.setFixedTime(new Date('2026-11-23T10:00:00.000+05:30'));
  await openSignedIn(page, '/registered-parent/reschedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeVisible();
  await expectAccessible(page, 'reschedule, nothing picked');

  await submit.click();
  await expectToastAccessible(page, 'error', 'Please select a date or date range', 'reschedule, no date');

  await day(/November 24th/).click();
  await day(/November 26th/).click();
  await expectAccessible(page, 'reschedule, range picked');

  const busy = webhook.hold({ status: 422, body: 'That week is closed' });
  await submit.click();
  await busy.arrived;
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await expectAccessible(page, 'reschedule, sending');
  busy.release();
  await expect(page.getByRole('alert')).toContainText('That week is closed');
  await expectToastAccessible(page, 'error', 'Failed to submit request', 'reschedule, error');

  webhook.reply({ body: 'Done' });
  await submit.click();
  await expect(page.getByRole('button', { name: 'Submit Another Request' })).toBeVisible();
  await expectToastAccessible(page, 'success', 'Request submitted!', 'reschedule, success');
});

test('chat: empty, too long, a wrong file, files attached, busy, failed, then sent', async ({ page, webhook }) => {
  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  const send = page.getByRole('button', { name: 'Send Message' });
  await openSignedIn(page, '/registered-parent/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();

  await send.click();
  await expectToastAccessible(page, 'error', 'Please enter a message', 'chat, empty message');

  await message.fill('a'.repeat(501));
  await send.click();
  await expectToastAccessible(page, 'error', 'Message must be 500 characters or less', 'chat, too long');

  await page
    .getByLabel('Add Files')
    .setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('pdf') }]);
  await expectToastAccessible(page, 'error', 'notes.pdf is not a valid file type', 'chat, wrong file type');

  await message.fill('Hello');
  await page
    .getByLabel('Add Files')
    .setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: sampleFile('image/png', 64) }]);
  await expectAccessible(page, 'chat, files attached');

  const busy = webhook.hold({ status: 422, body: 'This channel takes no messages today' });
  await send.click();
  await busy.arrived;
  await expect(send).toHaveAttribute('aria-busy', 'true');
  await expectAccessible(page, 'chat, sending');
  busy.release();
  await expect(page.getByRole('alert')).toContainText('This channel takes no messages today');
  await expectToastAccessible(page, 'error', 'Failed to send message', 'chat, error');

  webhook.reply({ body: { message: 'Thanks', slackChannel: '#parents' } });
  await send.click();
  await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
  await expectToastAccessible(page, 'success', 'Message sent successfully!', 'chat, sent');
});
