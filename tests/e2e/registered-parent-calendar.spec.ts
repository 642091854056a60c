import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoSmallTargets, expectPageStructure } from '../support/axe.ts';
import { parseIcs } from '../support/ical.ts';
import { expectVisibleFocus, tabOnceTo } from '../support/keyboard.ts';
import { fetchSavedSchedule, openSignedIn } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import type { RecordingWebhook } from '../support/recording-webhook.ts';
import { expect, test } from './fixtures.ts';

// Monday 23 Nov 2026, 10:00 in India: the schedule's week runs to Sunday 29 Nov.
const NOW = '2026-11-23T10:00:00.000+05:30';
const WEEK = [
  'Wednesday 25 Nov: 5:00 PM with Priya Sharma',
  'Thursday: 6:30-7:15 PM with Rao, Priya; PhD',
  'Friday: whenever suits with Mr. Iyer',
  'Bring your crayons!',
].join('\n');
// As the list writes them again: the day with its date, one time format.
const PRIYA = 'Wednesday, 25 Nov 5:00 PM with Priya Sharma';
const RAO = 'Thursday, 26 Nov 6:30 PM – 7:15 PM with Rao, Priya; PhD';

/** 20261125T113000Z for an instant: what Google's `dates` holds, written here independently of the app. */
const utcStamp = (at: string | Date) =>
  new Date(at)
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');

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
  { schedule = WEEK, now = NOW, offlineReady = false }: ScheduleOptions = {},
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

test.describe('add sessions to the calendar', () => {
  // One fetched list walks each action in turn; a step closes the menu it opened, so the next finds the list as a
  // fresh fetch leaves it, every menu closed.
  test('each readable session and the whole week go to a calendar: a file or a Google Calendar link', async ({
    page,
    context,
    webhook,
  }) => {
    await context.route('https://calendar.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Google Calendar stand-in</title>' }),
    );
    await openSchedule(page, webhook);

    await test.step('only sessions with a readable day and time get an action, closed until asked', async () => {
      const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
      await expect(items).toHaveCount(4);
      await expect(page.getByRole('button', { name: /^Add to calendar: / })).toHaveCount(2);
      await expect(items.nth(0).getByRole('button', { name: `Add to calendar: ${PRIYA}` })).toBeVisible();
      await expect(items.nth(1).getByRole('button', { name: `Add to calendar: ${RAO}` })).toBeVisible();
      await expect(items.nth(2).getByRole('button')).toHaveCount(0);
      await expect(items.nth(3).getByRole('button')).toHaveCount(0);
      await expect(toggle(page, PRIYA)).toHaveAttribute('aria-expanded', 'false');
      await expect(googleLink(page, PRIYA)).toBeHidden();
      await expect(page.getByText('One file for your calendar app, with 2 sessions.', { exact: true })).toBeVisible();
    });

    await test.step('one session downloads as an .ics file of type text/calendar, on its date in India', async () => {
      await toggle(page, PRIYA).click();
      await expect(toggle(page, PRIYA)).toHaveAttribute('aria-expanded', 'true');
      const file = await downloadFrom(page, downloadButton(page, PRIYA));
      expect(file.type).toBe('text/calendar;charset=utf-8');
      expect(file.name).toBe('thrive-session-2026-11-25-1700.ics');
      expect(file.text).toMatch(/^BEGIN:VCALENDAR\r\n[^]*\r\nEND:VCALENDAR\r\n$/);
      expect(file.calendar.method).toBe('PUBLISH');
      expect(file.calendar.events).toHaveLength(1);
      const [event] = file.calendar.events;
      expect(event?.summary).toBe('Thrive session with Priya Sharma');
      expect(event?.start).toEqual(new Date('2026-11-25T17:00:00+05:30'));
      expect(event?.end).toEqual(new Date('2026-11-25T18:00:00+05:30'));
      expect(event?.reminder).toBe(-30 * 60);
      // Every menu closed again.
      await toggle(page, PRIYA).click();
      await expect(toggle(page, PRIYA)).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step('the Google Calendar link opens a new tab with the title, India as the zone and the same instants', async () => {
      await expect(toggle(page, RAO)).toHaveAttribute('aria-expanded', 'false');
      await toggle(page, RAO).click();
      const opening = page.waitForEvent('popup');
      await googleLink(page, RAO).click();
      const popup = await opening;
      await popup.waitForLoadState();
      const url = new URL(popup.url());
      expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
      expect(url.searchParams.get('action')).toBe('TEMPLATE');
      expect(url.searchParams.get('text')).toBe('Thrive session with Rao, Priya; PhD');
      expect(url.searchParams.get('ctz')).toBe('Asia/Kolkata');
      expect(url.searchParams.get('dates')).toBe(
        `${utcStamp('2026-11-26T18:30:00+05:30')}/${utcStamp('2026-11-26T19:15:00+05:30')}`,
      );
      expect(url.searchParams.get('details')).toContain('Thursday, 26 Nov, 6:30 PM – 7:15 PM with Rao, Priya; PhD');

      const file = await downloadFrom(page, downloadButton(page, RAO));
      const [event] = file.calendar.events;
      expect(event?.summary).toBe(url.searchParams.get('text'));
      expect(event && `${utcStamp(event.start)}/${utcStamp(event.end)}`).toBe(url.searchParams.get('dates'));
      // The tab closed and every menu closed again.
      await popup.close();
      await toggle(page, RAO).click();
      await expect(toggle(page, RAO)).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step("'Add all' holds one event per readable session, with the UIDs of the single downloads", async () => {
      await expect(toggle(page, PRIYA)).toHaveAttribute('aria-expanded', 'false');
      const all = await downloadFrom(page, addAll(page));
      expect(all.type).toBe('text/calendar;charset=utf-8');
      expect(all.name).toBe('thrive-sessions-this-week.ics');
      expect(all.calendar.events.map((event) => event.summary)).toEqual([
        'Thrive session with Priya Sharma',
        'Thrive session with Rao, Priya; PhD',
      ]);
      await toggle(page, PRIYA).click();
      const single = await downloadFrom(page, downloadButton(page, PRIYA));
      expect(single.calendar.events[0]?.uid).toBe(all.calendar.events[0]?.uid);
    });
  });

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
