import { expect, test } from './fixtures.ts';
import { ASHA, expectToast, IST_TIMESTAMP, openSignedIn, toast, UUID_V4 } from '../support/registered-parent.ts';

const WEEK = [
  'Monday: 4:00 PM - 5:00 PM with Ms. Rao',
  'Wednesday: 10:00 AM with Mr. Iyer',
  'Bring your crayons!',
].join('\n');

test.describe('schedule', () => {
  test('starts with only the fetch button', async ({ page }) => {
    await openSignedIn(page, '/registered-parent/schedule');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Schedule' })).toBeVisible();
    await expect(page.getByText('View your upcoming sessions for this week', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeEnabled();
    await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(page).toHaveURL(/\/registered-parent\/menu$/);
  });

  test('sends know_schedule, shows a spinner while waiting, then lists the sessions', async ({ page, webhook }) => {
    webhook.reply({ body: { schedule: WEEK }, delayMs: 800 });
    await openSignedIn(page, '/registered-parent/schedule');
    const fetch = page.getByRole('button', { name: 'Fetch My Schedule' });
    await fetch.click();
    await expect(fetch).toBeDisabled();
    await expect(fetch.locator('.spinner')).toBeVisible();

    const list = page.getByRole('list', { name: 'Sessions this week' });
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Monday');
    await expect(items.nth(0)).toContainText('4:00 PM - 5:00 PM');
    await expect(items.nth(0)).toContainText('with Ms. Rao');
    await expect(items.nth(1)).toContainText('Wednesday');
    await expect(items.nth(1)).toContainText('10:00 AM');
    await expect(items.nth(1)).toContainText('with Mr. Iyer');
    await expect(items.nth(2)).toHaveText('Bring your crayons!');
    await expectToast(page, 'success', 'Schedule retrieved successfully!');
    await expect(page.getByRole('button', { name: 'Refresh Schedule' })).toBeEnabled();

    const [request] = await webhook.waitForRequests(1);
    expect(request?.headers['content-type']).toBe('application/json');
    const body = request?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['action', 'payload', 'request_id', 'timestamp_ist', 'user']);
    expect(body).toMatchObject({ action: 'know_schedule', user: ASHA, payload: {} });
    expect(body.timestamp_ist).toMatch(IST_TIMESTAMP);
    expect(body.request_id).toMatch(UUID_V4);
  });

  for (const [shape, body] of [
    ['a plain text answer', WEEK],
    ['a list whose first item has Message', [{ Message: WEEK }]],
    ['an object with message', { message: WEEK }],
  ] as const) {
    test(`reads the schedule from ${shape}`, async ({ page, webhook }) => {
      webhook.reply({ body });
      await openSignedIn(page, '/registered-parent/schedule');
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(3);
    });
  }

  test('shows the empty state when the week has no more sessions', async ({ page, webhook }) => {
    webhook.reply({ body: [{ schedule: 'No sessions found for the rest of this week.' }] });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
    await expectToast(page, 'success', 'Schedule retrieved successfully!');
    await expect(page.getByRole('button', { name: 'Refresh Schedule' })).toBeVisible();
  });

  test('shows the empty state and says so when no schedule text came back', async ({ page, webhook }) => {
    webhook.reply({ body: {} });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
    await expectToast(page, 'info', 'No schedule data received from webhook');
    await expect(toast(page, 'success', 'Schedule retrieved successfully!')).toHaveCount(0);
  });

  test('shows the server text in an Error box when the webhook fails', async ({ page, webhook }) => {
    webhook.reply({ status: 502, body: 'Calendar service unavailable' });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    const box = page.getByRole('alert');
    await expect(box.getByRole('heading', { name: 'Error' })).toBeVisible();
    await expect(box).toContainText('Calendar service unavailable');
    await expectToast(page, 'error', 'Failed to fetch schedule');
    await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeEnabled();
  });

  test('says Failed to fetch schedule when the failed answer is empty', async ({ page, webhook }) => {
    webhook.reply({ status: 500, body: '' });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    const box = page.getByRole('alert');
    await expect(box.getByRole('heading', { name: 'Error' })).toBeVisible();
    await expect(box.locator('.panel__message')).toHaveText('Failed to fetch schedule');
    await expectToast(page, 'error', 'Failed to fetch schedule');
  });

  test('says Failed to fetch schedule when the connection drops', async ({ page, webhook }) => {
    // Chromium retries a POST once when a reused connection drops, so every attempt is dropped.
    webhook.reply({ dropConnection: true }, Infinity);
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    await expect(page.getByRole('alert').locator('.panel__message')).toHaveText('Failed to fetch schedule');
  });

  test('each fetch clears the previous list and error before the answer comes', async ({ page, webhook }) => {
    webhook
      .reply({ body: { schedule: WEEK } })
      .reply({ status: 500, body: 'Try later', delayMs: 800 })
      .reply({ body: { schedule: 'Friday: 9:00 AM with Ms. Rao' }, delayMs: 800 });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
    await expect(items).toHaveCount(3);

    const refresh = page.getByRole('button', { name: 'Refresh Schedule' });
    await refresh.click();
    await expect(refresh).toBeDisabled();
    await expect(items).toHaveCount(0);
    await expect(page.getByRole('alert')).toContainText('Try later');

    await refresh.click();
    await expect(refresh).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Friday');
    expect(webhook.requests).toHaveLength(3);
  });
});
