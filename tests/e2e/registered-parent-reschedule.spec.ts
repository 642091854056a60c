import type { Page } from '@playwright/test';
import type { RecordingWebhook, RecordedRequest } from '../support/recording-webhook.ts';
import { expect, test } from './fixtures.ts';
import { ASHA, expectToast, openSignedIn, UUID_V4 } from '../support/registered-parent.ts';

// A fixed "now" in India, Monday 23 Nov 2026, so the calendar and the payload dates are known.
const NOW = '2026-11-23T10:00:00.000+05:30';
const RESCHEDULE = '/registered-parent/reschedule';

function ordinal(day: number): string {
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${day}${suffix}`;
}

/** A day of November 2026 in the calendar, by the label a screen reader reads. */
function november(page: Page, day: number) {
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`November ${ordinal(day)}, 2026`) });
}

function summary(page: Page) {
  return page.locator('.calendar-card__summary');
}

/** The requests that came after the first `before`, once `count` of them have. */
async function requestsSince(webhook: RecordingWebhook, before: number, count: number): Promise<RecordedRequest[]> {
  return (await webhook.waitForRequests(before + count)).slice(before);
}

/**
 * The screen opened as a new page at `now`: each step of the tests below starts here, so the form, its panels and
 * its toasts are as a test of its own found them, and the step counts only the requests made since.
 */
async function open(page: Page, now = NOW) {
  await page.clock.setFixedTime(new Date(now));
  await openSignedIn(page, RESCHEDULE);
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeVisible();
}

test.describe('reschedule calendar', () => {
  test('picking one date or a range, and what each sends', async ({ page, webhook }) => {
    await test.step('shows one month with past days disabled and today allowed', async () => {
      await open(page);
      await expect(page.getByRole('grid')).toHaveCount(1);
      await expect(page.getByRole('grid')).toHaveAccessibleName('November 2026');
      await expect(november(page, 1)).toBeDisabled();
      await expect(november(page, 22)).toBeDisabled();
      await expect(november(page, 23)).toBeEnabled();
      await expect(november(page, 23)).toHaveAccessibleName(/^Today, /);
      await expect(november(page, 24)).toBeEnabled();
      await expect(page.getByRole('button', { name: /previous month/i })).toHaveAttribute('aria-disabled', 'true');
      await november(page, 22).click({ force: true });
      await expect(summary(page)).toHaveText('No date selected yet.');
    });

    await test.step('a single tap picks a start, sent as reschedule_single with no note', async () => {
      const before = webhook.requests.length;
      webhook.reply({ body: { message: 'We will move your session to 24 Nov.' } });
      await open(page);
      await november(page, 24).click();
      await expect(summary(page)).toHaveText('Selected start: 24 Nov 2026 (click another date to complete range)');
      await page.getByRole('button', { name: 'Submit Request' }).click();

      const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Success!' }) });
      await expect(panel).toContainText('We will move your session to 24 Nov.');
      await expectToast(page, 'success', 'Request submitted!');
      await expect(page.getByRole('button', { name: 'Submit Request' })).toHaveCount(0);

      const [request] = await requestsSince(webhook, before, 1);
      const body = request?.body as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'action',
        'language',
        'payload',
        'request_id',
        'timestamp_ist',
        'user',
      ]);
      expect(body).toMatchObject({
        action: 'reschedule_single',
        user: ASHA,
        language: 'en',
        payload: { date: '2026-11-24' },
        timestamp_ist: NOW,
      });
      expect(body.request_id).toMatch(UUID_V4);
    });

    await test.step('tapping the start again makes it one selected date', async () => {
      const before = webhook.requests.length;
      webhook.reply({ body: 'OK' });
      await open(page);
      await november(page, 23).click();
      await november(page, 23).click();
      await expect(summary(page)).toHaveText('Selected date: 23 Nov 2026');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      // Answered on the screen, so out of the outbox: the next step's page would otherwise send it again.
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
      const [request] = await requestsSince(webhook, before, 1);
      expect(request?.body).toMatchObject({ action: 'reschedule_single', payload: { date: '2026-11-23' } });
    });

    await test.step('two taps make a range, sent as reschedule_range with the trimmed note', async () => {
      const before = webhook.requests.length;
      webhook.reply({ body: [{ Message: 'Range noted.' }] });
      await open(page);
      await november(page, 24).click();
      await november(page, 27).click();
      await expect(summary(page)).toHaveText('Selected range: 24 Nov 2026 - 27 Nov 2026');
      await page.getByLabel('Reason / Note (Optional)').fill('  Exams that week  ');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Range noted.');

      const [request] = await requestsSince(webhook, before, 1);
      const body = request?.body as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'action',
        'language',
        'note',
        'payload',
        'request_id',
        'timestamp_ist',
        'user',
      ]);
      expect(body).toMatchObject({
        action: 'reschedule_range',
        user: ASHA,
        language: 'en',
        payload: { start_date: '2026-11-24', end_date: '2026-11-27' },
        note: 'Exams that week',
        timestamp_ist: NOW,
      });
      expect(body.request_id).toMatch(UUID_V4);
    });

    await test.step('a range picked end first is sent in calendar order, and a blank note is left out', async () => {
      const before = webhook.requests.length;
      webhook.reply({ body: {} });
      await open(page);
      await november(page, 30).click();
      await page.getByRole('button', { name: /next month/i }).click();
      await page.getByRole('button', { name: /previous month/i }).click();
      await november(page, 25).click();
      await expect(summary(page)).toHaveText('Selected range: 25 Nov 2026 - 30 Nov 2026');
      await page.getByLabel('Reason / Note (Optional)').fill('   ');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
        'Reschedule request submitted successfully!',
      );
      const [request] = await requestsSince(webhook, before, 1);
      expect(request?.body).toMatchObject({ payload: { start_date: '2026-11-25', end_date: '2026-11-30' } });
      expect(request?.body).not.toHaveProperty('note');
    });
  });

  test('refusals, the keyboard, and starting over', async ({ page, webhook }) => {
    await test.step('asks for a date when none is picked, and Clear selection starts over', async () => {
      await open(page);
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expectToast(page, 'error', 'Please select a date or date range');
      await november(page, 24).click();
      await expect(summary(page)).not.toHaveText('No date selected yet.');
      await page.getByRole('button', { name: 'Clear selection' }).click();
      await expect(summary(page)).toHaveText('No date selected yet.');
      await expect(page.getByRole('button', { name: 'Clear selection' })).toBeDisabled();
      await expect(november(page, 24)).not.toHaveAccessibleName(/selected$/);
    });

    await test.step('refuses a day that became past at midnight in India', async () => {
      await open(page, '2026-11-23T23:59:00.000+05:30');
      await november(page, 23).click();
      await expect(summary(page)).toHaveText('Selected start: 23 Nov 2026 (click another date to complete range)');
      await page.clock.setFixedTime(new Date('2026-11-24T00:00:30.000+05:30'));
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expectToast(page, 'error', 'Invalid date selection');
    });

    await test.step('Submit Another Request clears the panel, the dates and the note', async () => {
      webhook.reply({ body: 'Done' });
      await open(page);
      await november(page, 24).click();
      await november(page, 25).click();
      await page.getByLabel('Reason / Note (Optional)').fill('Travel');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await page.getByRole('button', { name: 'Submit Another Request' }).click();
      await expect(page.getByRole('heading', { name: 'Success!' })).toHaveCount(0);
      // The pressed button is gone: focus must land on the form again, not fall back to the page.
      expect(await page.evaluate(() => document.activeElement?.matches('.app__main *:has(> form)') ?? false)).toBe(
        true,
      );
      await expect(summary(page)).toHaveText('No date selected yet.');
      await expect(page.getByLabel('Reason / Note (Optional)')).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    });

    await test.step('works with the keyboard alone', async () => {
      const before = webhook.requests.length;
      webhook.reply({ body: 'Done' });
      await open(page);
      await november(page, 23).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(summary(page)).toHaveText('Selected range: 24 Nov 2026 - 1 Dec 2026');
      await page.getByLabel('Reason / Note (Optional)').focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Submit Request' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Another Request' })).toBeVisible();
      const [request] = await requestsSince(webhook, before, 1);
      expect(request?.body).toMatchObject({ payload: { start_date: '2026-11-24', end_date: '2026-12-01' } });
    });
    // Last: the screen stays 360 px wide from here on.
    await test.step('fits a 360 px screen without sideways scrolling', async () => {
      await page.setViewportSize({ width: 360, height: 780 });
      await open(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const grid = await page.getByRole('grid').boundingBox();
      expect(grid && grid.x >= 0 && grid.x + grid.width <= 360).toBe(true);
    });
  });

  test('a send refused, failed or slow', async ({ page, webhook }) => {
    await test.step('shows the server text in an Error panel above the button and keeps the form', async () => {
      const before = webhook.requests.length;
      webhook.reply({ status: 409, body: 'That week is already full' }).reply({ body: 'Booked' });
      await open(page);
      await november(page, 24).click();
      await page.getByRole('button', { name: 'Submit Request' }).click();
      const panel = page.getByRole('alert');
      await expect(panel.getByRole('heading', { name: 'Error' })).toBeVisible();
      await expect(panel).toContainText('That week is already full');
      await expectToast(page, 'error', 'Failed to submit request');
      await expect(summary(page)).toHaveText('Selected start: 24 Nov 2026 (click another date to complete range)');
      const panelBox = await panel.boundingBox();
      const buttonBox = await page.getByRole('button', { name: 'Submit Request' }).boundingBox();
      expect(panelBox && buttonBox && panelBox.y + panelBox.height <= buttonBox.y).toBe(true);

      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Booked');
      const [first, second] = await requestsSince(webhook, before, 2);
      expect((second?.body as { request_id: string }).request_id).not.toBe(
        (first?.body as { request_id: string }).request_id,
      );
    });

    await test.step('says Failed to submit request when the failed answer is empty', async () => {
      webhook.reply({ status: 400, body: '' });
      await open(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await november(page, 24).click();
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByRole('alert').locator('.panel__message')).toHaveText('Failed to submit request');
      await expectToast(page, 'error', 'Failed to submit request');
    });

    await test.step('shows a spinner while sending and a double tap sends once', async () => {
      const before = webhook.requests.length;
      const answer = webhook.hold({ body: 'Done' });
      await open(page);
      await november(page, 24).click();
      const submit = page.getByRole('button', { name: 'Submit Request' });
      await submit.dblclick();
      await answer.arrived;
      await expect(submit).toBeDisabled();
      await expect(submit.locator('.spinner')).toBeVisible();
      answer.release();
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
      expect(webhook.requests).toHaveLength(before + 1);
    });
  });
});

for (const [zone, now, today] of [
  // 11:30 on Sunday 22 Nov in California, already Monday 23 Nov in India.
  ['America/Los_Angeles', '2026-11-23T01:00:00.000+05:30', 23],
  // 06:30 on Tuesday 24 Nov on Kiritimati, still Monday 23 Nov in India.
  ['Pacific/Kiritimati', '2026-11-23T22:00:00.000+05:30', 23],
] as const) {
  test.describe(`on a phone set to ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('today is India’s today and the picked day is sent unshifted', async ({ page, webhook }) => {
      webhook.reply({ body: 'Done' });
      await open(page, now);
      await expect(november(page, today - 1)).toBeDisabled();
      await expect(november(page, today)).toBeEnabled();
      await expect(november(page, today)).toHaveAccessibleName(/^Today, /);
      await november(page, today).click();
      await november(page, today + 1).click();
      await page.getByRole('button', { name: 'Submit Request' }).click();
      const [request] = await webhook.waitForRequests(1);
      expect(request?.body).toMatchObject({
        payload: { start_date: `2026-11-${today}`, end_date: `2026-11-${today + 1}` },
        timestamp_ist: now,
      });
    });
  });
}
