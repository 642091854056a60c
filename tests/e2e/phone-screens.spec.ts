import type { Locator, Page } from '@playwright/test';
import { waitForApp } from '../support/first-paint.ts';
import { mediaFile } from '../support/chat-attachments.ts';
import { expectPhoneScreen } from '../support/phone-screen.ts';
import { expectToast, openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

/**
 * The screens with the most states, as a parent meets them on a 360 px phone:
 * each problem's words under what it is about, the schedule's Today and
 * Tomorrow with a quiet calendar button, a range that never breaks inside a
 * date, a photo's thumbnail; each state with nothing sideways, one status at
 * a time and a screenshot (tests/support/phone-screen.ts). Then the brand at
 * 1280 px, in line with the content.
 */

// Tuesday 24 Nov 2026, 10:00 in India.
const NOW = '2026-11-24T10:00:00.000+05:30';
const WEEK = [
  'Tuesday: 4:00 PM with Ms. Rao',
  'Wednesday: 5:00 PM - 6:00 PM with Priya Sharma',
  'Friday: 10:00 AM with Mr. Iyer',
];

test.use({ viewport: { width: 360, height: 740 } });

/**
 * Well inside the 5 s a toast lives on its own, so the schedule's success
 * toast can only be gone by then because the screen took it away.
 */
const SCREEN_CHANGE = 2_500;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Each piece of `text` that should stay on one line: whether the browser laid each one out on a single line. */
async function unbroken(locator: Locator, pieces: readonly string[]): Promise<boolean[]> {
  return locator.evaluate((element, wanted) => {
    const node = element.firstChild;
    const text = node?.textContent ?? '';
    return wanted.map((piece) => {
      const start = text.replace(/\u00a0/g, ' ').indexOf(piece);
      if (!node || start < 0) return false;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + piece.length);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return tops.size === 1;
    });
  }, pieces);
}

test('the changed screens at 360 px: errors under their fields, the schedule, a range, a photo', async ({
  page,
  webhook,
}) => {
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto('/registered-parent');
  await waitForApp(page);
  await button(page, 'Continue').click();
  await expectToast(page, 'error', 'Please fill in all required fields');
  for (const field of ['Name', 'Phone Number']) {
    await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(field)).toHaveAccessibleDescription(/^Please fill in all required fields/);
  }
  await expectPhoneScreen(page, 'sign-in, both fields missing');
  await page.getByLabel('Name').fill('Asha');
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');

  await page.goto('/new-to-thrive/book-consult');
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Asha');
  await button(page, 'Book Consultation').click();
  await expectToast(page, 'error', 'Name and phone number are required');
  await expect(page.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  const visitorPhone = page.getByRole('textbox', { name: 'Phone Number' });
  await expect(visitorPhone).toHaveAttribute('aria-invalid', 'true');
  await expect(visitorPhone).toHaveAccessibleDescription('Name and phone number are required');
  await expectPhoneScreen(page, 'book a consult, the number missing');

  webhook.reply({ body: { schedule: WEEK.join('\n') } });
  await openSignedIn(page, '/registered-parent/schedule');
  await button(page, 'Fetch My Schedule').click();
  const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('TodayTuesday, 24 Nov4:00 PMwith Ms. Rao');
  await expect(items.nth(1)).toContainText('TomorrowWednesday, 25 Nov5:00 PM – 6:00 PMwith Priya Sharma');
  await expect(items.nth(2)).toContainText('Friday, 27 Nov10:00 AMwith Mr. Iyer');
  await expect(items.nth(2)).not.toContainText(/Today|Tomorrow/);
  // The per-session button is an icon with a name; 'Add All to Calendar' keeps its words.
  const quiet = items.nth(0).getByRole('button', { name: 'Add to calendar: Tuesday, 24 Nov 4:00 PM with Ms. Rao' });
  await expect(quiet).toBeVisible();
  await expect(quiet).toHaveText('');
  await expect(button(page, 'Add All to Calendar')).toBeVisible();
  await expectToast(page, 'success', 'Schedule retrieved successfully!');
  await expectPhoneScreen(page, 'schedule, today and tomorrow');

  // A screen's toasts leave with it: the menu does not open under the schedule's news.
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await expect(page.getByText('Schedule retrieved successfully!')).toBeHidden({ timeout: SCREEN_CHANGE });
  await page.getByRole('link', { name: /^Reschedule/ }).click();
  await button(page, 'Submit Request').click();
  await expectToast(page, 'error', 'Please select a date or date range');
  await expect(page.getByRole('group', { name: 'Dates to reschedule' })).toHaveAccessibleDescription(
    'Please select a date or date range',
  );
  await expectPhoneScreen(page, 'reschedule, nothing picked');
  const grid = page.getByRole('grid');
  await grid.getByRole('button', { name: /November 28th, 2026/ }).click();
  await grid.getByRole('button', { name: /December 2nd, 2026/ }).click();
  const summary = page.getByText(/^Selected range:/);
  await expect(summary).toHaveText('Selected range: 28 Nov 2026 - 2 Dec 2026');
  await expect(page.getByText('Please select a date or date range')).toHaveCount(0);
  expect(await unbroken(summary, ['28 Nov 2026', '2 Dec 2026'])).toEqual([true, true]);
  await expectPhoneScreen(page, 'reschedule, a range across two months');

  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await page.getByRole('link', { name: /^Chat with your facilitator/ }).click();
  await button(page, 'Send Message').click();
  const message = page.getByLabel('Message', { exact: true });
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAccessibleDescription('Please enter a message 0/500 characters');
  await page.getByLabel('Add Files').setInputFiles(mediaFile('drawing.png', 'image/png', 1536));
  await expect(page.getByRole('list', { name: 'Attached files' }).locator('img')).toBeVisible();
  await expectPhoneScreen(page, 'chat, a photo attached, no message yet');
  await message.fill('Hello');
  await expect(message).not.toHaveAttribute('aria-invalid');
});

test('at 1280 px the brand lines up with the centred content', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForApp(page);
  const brand = await page.getByRole('banner').getByText('Thrive', { exact: true }).boundingBox();
  const heading = await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox();
  expect(brand && heading && Math.abs(brand.x - heading.x)).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 360, height: 740 });
  const phoneBrand = await page.getByRole('banner').getByText('Thrive', { exact: true }).boundingBox();
  expect(phoneBrand?.x).toBe(16);
});
