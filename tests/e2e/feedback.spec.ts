import type { Locator, Page, TestInfo } from '@playwright/test';
import { ASHA, openSignedIn, toast } from '../support/registered-parent.ts';
import { cutNetworkForGood, SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';

// Feedback that contradicts itself, on a 360 px phone.
test.use({ viewport: { width: 360, height: 740 } });

const OFFLINE_TITLE = 'The portal is offline';
/** sonner closes every toast after 5 s by itself: going well before then is what shows its cause took it down. */
const GOES_AT_ONCE = { timeout: 2_000 };

/** Every message on screen that reports a state: toasts, live statuses with text, alerts. */
function statuses(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"]), [role="status"], [role="alert"]')]
      .filter((element) => element.checkVisibility() && element.textContent.trim() !== '')
      .filter((element) => !element.parentElement?.closest('[data-sonner-toast], [role="status"], [role="alert"]'))
      .map((element) => element.textContent.trim()),
  );
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The 360 px check of a changed screen: nothing sideways, the one status expected, a screenshot kept with the test. */
async function expectPhoneLayout(page: Page, testInfo: TestInfo, name: string, expected: RegExp[]): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect.poll(() => statuses(page)).toEqual(expected.map((text) => expect.stringMatching(text)));
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** Waits for a toast to settle (it slides in from above), then proves none of `controls` lies under it. */
async function expectToastBelow(shown: Locator, controls: Locator[]): Promise<void> {
  const bottoms = await Promise.all(
    controls.map(async (control) => (await box(control)).y + (await box(control)).height),
  );
  await expect.poll(async () => (await box(shown)).y).toBeGreaterThanOrEqual(Math.max(...bottoms));
  for (const control of controls) await expectReached(control);
}

/** What a finger on the middle of the control reaches: the control itself, not a toast. */
async function expectReached(control: Locator): Promise<void> {
  const reached = await control.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
  });
  expect(reached, `${await control.textContent()} is under a toast`).toBe(true);
}

test('a toast never lies over the way back, the language, Logout or the offline banner', async ({
  page,
  context,
  webhook,
}) => {
  webhook.reply({ body: { schedule: 'Monday: 4:00 PM with Ms. Rao' } });
  await openSignedIn(page, '/registered-parent/schedule');
  // The toast caught mid-slide, the page's animations paused: arriving, it already leaves the row to the parent.
  const animations = await context.newCDPSession(page);
  await animations.send('Animation.enable');
  await animations.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  const fetched = toast(page, 'success', 'Schedule retrieved successfully!');
  const back = page.getByRole('link', { name: 'Back to Menu' });
  await expect(fetched).toHaveAttribute('data-mounted', 'true');
  await expectReached(back);
  await animations.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expectToastBelow(fetched, [back]);
  // While the toast shows, a tap on 'Back to Menu' goes back; the toast was the schedule's, and leaves with it.
  await back.click();
  const menu = page.getByRole('heading', { level: 1, name: `Hello, ${ASHA.name}!` });
  await expect(menu).toBeVisible();
  await expect(fetched).toBeHidden(GOES_AT_ONCE);

  // Offline, the banner comes between the bar and the screen, and grows when opened: toasts move down with it.
  await page.getByRole('link', { name: /Chat with your facilitator/ }).click();
  // Offline once the screen is in: its chunk is what this test does not cut.
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_TITLE });
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  const empty = toast(page, 'error', 'Please enter a message');
  await expect(empty).toBeVisible();
  // The chat screen is long: the tap on Send scrolled it down. Back up top, the toast moves down below the banner.
  await banner.scrollIntoViewIfNeeded();
  await expectToastBelow(empty, [banner, back]);
  await banner.getByText('What still works').click();
  await expect(banner.getByText('Every screen still opens', { exact: false })).toBeVisible();
  await expectToastBelow(empty, [banner, back]);

  // A message saved offline is sent from the menu once the connection is back. The outbox's news belongs to no
  // screen, so it stays on the menu: below Logout and the language, where a tap still reaches them.
  await page.getByLabel('Message', { exact: true }).fill('Running late today');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Your message is saved on this phone', { exact: false })).toBeVisible();
  await back.click();
  await expect(menu).toBeVisible();
  webhook.reply({ body: 'Received' });
  await context.setOffline(false);
  const sent = toast(page, 'success', 'Your message was sent');
  await expect(sent).toBeVisible();
  const logout = page.getByRole('button', { name: 'Logout' });
  await expectToastBelow(sent, [logout, page.getByRole('link', { name: 'हिन्दी' })]);
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('with the worker', { tag: SERVICE_WORKER }, () => {
  test('offline, the schedule keeps its saved list under one calm message, and the banner is one line', async ({
    page,
    context,
    webhook,
  }, testInfo) => {
    // First visit: 'Ready to work offline' opens below the brand bar, not over it.
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const ready = toast(page, 'success', 'Ready to work offline');
    await expect(ready).toBeVisible();
    const bar = await box(page.getByRole('banner'));
    // Polled: the toast slides in from above before it settles.
    await expect.poll(async () => (await box(ready)).y).toBeGreaterThanOrEqual(bar.y + bar.height);

    webhook.reply({ body: { schedule: 'Monday: 4:00 PM - 5:00 PM with Ms. Rao' } });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await toast(page, 'success', 'Schedule retrieved successfully!')
      .getByRole('button', { name: 'Close toast' })
      .click();

    await cutNetworkForGood(context);
    await page.getByRole('button', { name: 'Refresh Schedule' }).click();
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_TITLE });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Schedule' })).toBeEnabled();
    await expect(items).toHaveCount(1);
    // The failed fetch is over (the button is back): a toast it made would be on screen now.
    expect(await toast(page, 'error', 'Failed to fetch schedule').count()).toBe(0);
    await expectPhoneLayout(page, testInfo, 'schedule-offline', [new RegExp(`^${OFFLINE_TITLE}`)]);

    // One line at 360 px; what still works opens on demand.
    expect((await box(banner)).height).toBeLessThan(50);
    const stillWorks = banner.getByText('Every screen still opens and your sign-in is kept.', { exact: false });
    await expect(stillWorks).toBeHidden();
    await banner.getByText('What still works').click();
    await expect(stillWorks).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(webhook.requests).toHaveLength(1);
  });
});
