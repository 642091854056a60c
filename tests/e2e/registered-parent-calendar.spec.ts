import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoSmallTargets, expectPageStructure } from '../support/axe.ts';
import { DATED_WEEK, PRIYA, RAO, utcStamp } from '../support/dated-week.ts';
import { parseIcs } from '../support/ical.ts';
import { expectVisibleFocus, tabOnceTo } from '../support/keyboard.ts';
import { fetchSavedSchedule, openSignedIn } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import type { RecordingWebhook } from '../support/recording-webhook.ts';
import { expect, test } from './fixtures.ts';

// Monday 23 Nov 2026, 10:00 in India: the schedule's week runs to Sunday 29 Nov.
const NOW = '2026-11-23T10:00:00.000+05:30';
const toggle = (page: Page, session: string) => page.getByRole('button', { name: `Add to calendar: ${session}` });
const googleLink = (page: Page, session: string) =>
  page.getByRole('link', { name: `Google Calendar: ${session} (opens in a new tab)` });
const downloadButton = (page: Page, session: string) =>
  page.getByRole('button', { name: `Download calendar file: ${session}` });
const addAll = (page: Page) => page.getByRole('button', { name: 'Add All to Calendar' });

interface ScheduleOptions {
  schedule?: string;
  now?: string;
  /** Wait for the service worker to control the page first, and the schedule to be saved, so it can open again offline. */
  offlineReady?: boolean;
}

async function openSchedule(
  page: Page,
  webhook: RecordingWebhook,
  { schedule = DATED_WEEK, now = NOW, offlineReady = false }: ScheduleOptions = {},
): Promise<void> {
  webhook.reply({ body: { schedule } });
  await page.clock.setFixedTime(new Date(now));
  if (offlineReady) {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
  }
  await openSignedIn(page, '/registered-parent/schedule');
  if (offlineReady) await fetchSavedSchedule(page);
  else await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  await expect(page.getByRole('list', { name: 'Sessions this week' })).toBeVisible();
}

/** The file as it arrived, and the media type of the Blob behind its blob: URL (fetched while it is still live). */
async function received(page: Page, download: Download) {
  const type = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), download.url());
  const text = await readFile(await download.path(), 'utf8');
  return { type, name: download.suggestedFilename(), text, calendar: parseIcs(text) };
}

async function downloadFrom(page: Page, action: Locator, press?: 'Enter' | 'Space') {
  const arriving = page.waitForEvent('download');
  if (press) {
    await expect(action).toBeFocused();
    await page.keyboard.press(press);
  } else {
    await action.click();
  }
  return received(page, await arriving);
}

// What the actions offer, the files' content and Google's link are screen tests ('the calendar actions' in
// tests/unit/features/schedule/schedule-screen.test.tsx); here, what needs a browser: a real download, the worker
// offline, the keyboard, axe and the layout, and another time zone.
test.describe('add sessions to the calendar', () => {
  test.describe('offline, with the worker', { tag: SERVICE_WORKER }, () => {
    test('the saved schedule offers the same actions offline, with no network at all', async ({
      page,
      context,
      webhook,
    }) => {
      await openSchedule(page, webhook, { offlineReady: true });
      await toggle(page, PRIYA).click();
      const onlineHref = await googleLink(page, PRIYA).getAttribute('href');

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('button', { name: /^Add to calendar: / })).toHaveCount(2);
      await toggle(page, PRIYA).click();
      await expect(googleLink(page, PRIYA)).toHaveAttribute('href', onlineHref ?? '');
      const single = await downloadFrom(page, downloadButton(page, PRIYA));
      expect(single.calendar.events[0]?.start).toEqual(new Date('2026-11-25T17:00:00+05:30'));
      const all = await downloadFrom(page, addAll(page));
      expect(all.calendar.events).toHaveLength(2);
      expect(webhook.requests).toHaveLength(1);
    });
  });

  test('works by keyboard alone, with visible focus, and passes axe with a menu open on a 360 px screen', async ({
    page,
    webhook,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openSchedule(page, webhook);
    await page.getByRole('button', { name: 'Refresh Schedule' }).focus();
    await tabOnceTo(page, toggle(page, PRIYA));
    await page.keyboard.press('Enter');
    await expect(toggle(page, PRIYA)).toHaveAttribute('aria-expanded', 'true');
    await tabOnceTo(page, googleLink(page, PRIYA));
    await tabOnceTo(page, downloadButton(page, PRIYA));
    const one = await downloadFrom(page, downloadButton(page, PRIYA), 'Enter');
    expect(one.calendar.events).toHaveLength(1);
    await tabOnceTo(page, toggle(page, RAO));
    await page.keyboard.press('Space');
    await expect(googleLink(page, RAO)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(googleLink(page, RAO)).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(addAll(page)).toBeFocused();
    await expectVisibleFocus(addAll(page));
    const all = await downloadFrom(page, addAll(page), 'Space');
    expect(all.calendar.events).toHaveLength(2);

    await toggle(page, RAO).click();
    await expectNoAxeViolations(page, 'schedule with calendar menus open', { include: 'main' });
    await expectPageStructure(page, 'schedule with calendar menus open');
    await expectNoSmallTargets(page, 'schedule with calendar menus open');
    // Nothing sticks out of a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('on a phone set to Los Angeles time', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('Sunday late evening there is Monday in India: events fall in India’s new week', async ({ page, webhook }) => {
    // Sunday 29 Nov 2026, 10 PM in Los Angeles = Monday 30 Nov, 11:30 AM in India.
    const sundayEvening = '2026-11-29T22:00:00.000-08:00';
    const schedule = 'Monday: 5:00 PM with Rahul\nSunday: 10:00 AM with Priya';
    await openSchedule(page, webhook, { schedule, now: sundayEvening });
    expect(await page.evaluate(() => new Date().toString())).toMatch(/^Sun Nov 29 2026 22:00/);
    const monday = 'Monday, 30 Nov 5:00 PM with Rahul';
    await toggle(page, monday).click();
    const dates = new URL((await googleLink(page, monday).getAttribute('href')) ?? '').searchParams.get('dates');
    expect(dates).toBe(`${utcStamp('2026-11-30T17:00:00+05:30')}/${utcStamp('2026-11-30T18:00:00+05:30')}`);

    const all = await downloadFrom(page, addAll(page));
    expect(all.calendar.events.map((event) => [event.start, event.end])).toEqual([
      [new Date('2026-11-30T17:00:00+05:30'), new Date('2026-11-30T18:00:00+05:30')],
      [new Date('2026-12-06T10:00:00+05:30'), new Date('2026-12-06T11:00:00+05:30')],
    ]);
  });
});
