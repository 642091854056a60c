import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { ordinal } from '../support/day-labels.ts';

// A fixed "now" in India, Monday 23 Nov 2026, so the calendar and the payload dates are known.
const NOW = '2026-11-23T10:00:00.000+05:30';
const RESCHEDULE = '/registered-parent/reschedule';

/** A day of November 2026 in the calendar, by the label a screen reader reads. */
function november(page: Page, day: number) {
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`November ${ordinal(day)}, 2026`) });
}

function summary(page: Page) {
  return page.locator('.calendar-card__summary');
}

/**
 * The screen opened as a new page at `now`: each step of the tests below starts here, so the form, its panels and
 * its toasts are as a test of its own found them.
 */
async function open(page: Page, now = NOW) {
  await page.clock.setFixedTime(new Date(now));
  await openSignedIn(page, RESCHEDULE);
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeVisible();
}

// The screen's states and what each pick sends: tests/unit/features/reschedule/reschedule-screen.test.tsx.
test('reschedule: the keyboard alone, and a 360 px screen with a refusal above the button', async ({
  page,
  webhook,
}) => {
  await test.step('works with the keyboard alone', async () => {
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
    const [request] = await webhook.waitForRequests(1);
    expect(request?.body).toMatchObject({ payload: { start_date: '2026-11-24', end_date: '2026-12-01' } });
  });

  await test.step('fits a 360 px screen without sideways scrolling, a refusal shown above the button', async () => {
    webhook.reply({ status: 409, body: 'That week is already full' });
    await page.setViewportSize({ width: 360, height: 780 });
    await open(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const grid = await page.getByRole('grid').boundingBox();
    expect(grid && grid.x >= 0 && grid.x + grid.width <= 360).toBe(true);

    await november(page, 24).click();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const panel = page.getByRole('alert');
    await expect(panel.getByRole('heading', { name: 'Error' })).toBeVisible();
    const panelBox = await panel.boundingBox();
    const buttonBox = await page.getByRole('button', { name: 'Submit Request' }).boundingBox();
    expect(panelBox && buttonBox && panelBox.y + panelBox.height <= buttonBox.y).toBe(true);
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
