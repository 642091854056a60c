import type { Page } from '@playwright/test';
import { waitForApp } from '../support/first-paint.ts';
import { expectVisibleFocus, tabOnceTo, tabTo } from '../support/keyboard.ts';
import { sampleFile } from '../support/media-samples.ts';
import { expectToast } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

// Monday 23 Nov 2026 in India: the calendar and its day names are known.
const NOW = '2026-11-23T10:00:00.000+05:30';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const link = (page: Page, name: string | RegExp) => page.getByRole('link', { name });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const day = (page: Page, label: RegExp) => page.getByRole('grid').getByRole('button', { name: label });

/** A new screen announces itself: its h1 holds focus, so the next Tab starts from the content. */
async function expectArrivedAt(page: Page, name: string | RegExp): Promise<void> {
  await expect(heading(page, name)).toBeFocused();
}

test('a registered parent signs in, reads, reschedules, chats and logs out with the keyboard alone', async ({
  page,
  webhook,
}) => {
  webhook
    .reply({ body: { schedule: 'Tuesday: 4:00 PM with Ms. Rao\nThursday: 5:30 PM with Mr. Iyer' } })
    .reply({ body: { message: 'We will move your sessions.' } })
    .reply({ body: { message: 'Thanks, I will reply soon.', slackChannel: '#parents' } });
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto('/');
  await expect(heading(page, 'Thrive')).toBeVisible();
  // Keys pressed before the app runs reach nothing: the prerendered page is inert until hydrated.
  await waitForApp(page);

  // Landing → sign-in: the first Tab reaches the language switch, the next the first card.
  await tabOnceTo(page, link(page, 'हिन्दी'));
  await tabOnceTo(page, link(page, /^I'm a registered parent/));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Welcome Back');

  // Sign-in, with both validation toasts on the way.
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const phone = page.getByRole('textbox', { name: 'Phone Number', exact: true });
  await tabOnceTo(page, name);
  await page.keyboard.press('Enter');
  await expectToast(page, 'error', 'Please fill in all required fields');
  await expect(name).toBeFocused();
  await page.keyboard.type('Asha Verma');
  await tabOnceTo(page, phone);
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expectToast(page, 'error', 'Please enter a valid phone number (10 digits or E.164 format)');
  await expect(phone).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9876543210');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registered-parent\/menu$/);
  await expectArrivedAt(page, 'Hello, Asha Verma!');

  // Menu → schedule: fetch with Space, then back with Shift+Tab.
  await tabOnceTo(page, link(page, /^Know your schedule/));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Your Schedule');
  await tabOnceTo(page, button(page, 'Fetch My Schedule'));
  await page.keyboard.press('Space');
  await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(2);
  await expectToast(page, 'success', 'Schedule retrieved successfully!');
  // The same button, renamed, still holds focus: the parent can refresh at once.
  await expect(button(page, 'Refresh Schedule')).toBeFocused();
  await tabOnceTo(page, link(page, 'Back to Menu'), { back: true });
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Hello, Asha Verma!');

  // Menu → reschedule: a range picked on the calendar grid with the arrow keys.
  await tabTo(page, link(page, /^Reschedule/));
  await expectVisibleFocus(link(page, /^Reschedule/));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Reschedule Session');
  // Tabbing into the grid lands on today, the only day in the tab order.
  const today = day(page, /^Today, Monday, November 23rd, 2026/);
  await tabTo(page, today);
  await expectVisibleFocus(today);
  // The summary line is a polite status: what a screen reader hears after each pick.
  const summary = page.getByRole('status').filter({ hasText: /selected/i });
  await page.keyboard.press('Enter');
  await expect(summary).toHaveText('Selected start: 23 Nov 2026 (click another date to complete range)');
  // Clear selection, then back into the grid to pick a range instead.
  await tabOnceTo(page, button(page, 'Clear selection'));
  await page.keyboard.press('Space');
  await expect(summary).toHaveText('No date selected yet.');
  await tabTo(page, today, { back: true, max: 4 });
  await page.keyboard.press('ArrowRight');
  await expect(day(page, /November 24th, 2026/)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(summary).toHaveText('Selected start: 24 Nov 2026 (click another date to complete range)');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(day(page, /November 26th, 2026/)).toBeFocused();
  await expectVisibleFocus(day(page, /November 26th, 2026/));
  await page.keyboard.press('Space');
  await expect(summary).toHaveText('Selected range: 24 Nov 2026 - 26 Nov 2026');
  await tabOnceTo(page, button(page, 'Clear selection'));
  await tabOnceTo(page, page.getByRole('textbox', { name: 'Reason / Note (Optional)' }));
  await page.keyboard.type('Travelling that week');
  await tabOnceTo(page, button(page, 'Submit Request'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('We will move your sessions.');
  await expectToast(page, 'success', 'Request submitted!');
  await tabOnceTo(page, link(page, 'Back to Menu'), { back: true });
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Hello, Asha Verma!');

  // Menu → chat: a quick message and a few words typed, two files picked and one removed, then Send.
  await tabTo(page, link(page, /^Chat with your facilitator/));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Chat with Facilitator');
  // The conversation above the form comes first: on a phone with no token, its one button.
  await tabOnceTo(page, button(page, 'Send Me a Code'));
  await tabOnceTo(page, button(page, 'Running late today'));
  await tabTo(page, button(page, 'Please call me back'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  await page.keyboard.type(' from the keyboard');
  const picker = page.getByLabel('Add Files');
  // Listened for well before the key: Playwright turns on its file-chooser interception without waiting, and a key
  // press sent at once could reach the page first (CI saw the chooser open unintercepted, and the wait time out).
  const chooser = page.waitForEvent('filechooser');
  // The microphone button sits between the message box and the files.
  await tabOnceTo(page, button(page, 'Record Voice Note'));
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  // The input itself is hidden; its button-styled label draws the ring.
  await expectVisibleFocus(picker, page.locator('label', { hasText: 'Add Files' }));
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles([
    { name: 'drawing.png', mimeType: 'image/png', buffer: sampleFile('image/png', 64) },
    { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: sampleFile('audio/mpeg', 1024) },
  ]);
  // The files are checked before they are listed: tab on once both rows are there.
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(2);
  await tabOnceTo(page, page.getByRole('checkbox', { name: 'Data saver: make photos smaller' }));
  await tabOnceTo(page, button(page, 'Remove drawing.png'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveText([/song\.mp3/]);
  // The removed button is gone: focus returns to the picker rather than to <body>.
  await expect(picker).toBeFocused();
  await tabTo(page, button(page, 'Send Message'));
  await expectVisibleFocus(button(page, 'Send Message'));
  await page.keyboard.press('Enter');
  const sent = page.getByRole('status').filter({ hasText: '✓ Sent!' });
  await expect(sent).toContainText('Thanks, I will reply soon.');
  await expectToast(page, 'success', 'Message sent successfully!');
  await tabOnceTo(page, button(page, 'Send Another Message'));
  await page.keyboard.press('Enter');
  // The form is back, empty, and the next Tab goes into it.
  await tabOnceTo(page, button(page, 'Running late today'));
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
  const [, reschedule, chat] = await webhook.waitForRequests(3);
  expect(reschedule?.body).toMatchObject({
    action: 'reschedule_range',
    payload: { start_date: '2026-11-24', end_date: '2026-11-26' },
    note: 'Travelling that week',
  });
  expect(chat?.body).toMatchObject({
    action: 'chat_facilitator',
    payload: { message: 'Please call me back from the keyboard', attachments: [{ filename: 'song.mp3' }] },
  });

  // Back to the menu (past the conversation's button) and log out.
  await tabTo(page, link(page, 'Back to Menu'), { back: true });
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Hello, Asha Verma!');
  await tabOnceTo(page, button(page, 'Logout'), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Thrive')).toBeVisible();
});
