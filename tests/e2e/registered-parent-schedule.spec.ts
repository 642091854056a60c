import type { Page } from '@playwright/test';
import { SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE } from '../../src/shared/storage-names.ts';
import { expect, test } from './fixtures.ts';
import {
  ASHA,
  expectToast,
  fetchSavedSchedule,
  IST_TIMESTAMP,
  openSignedIn,
  toast,
  UUID_V4,
} from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';

const WEEK = [
  'Monday: 4:00 PM - 5:00 PM with Ms. Rao',
  'Wednesday: 10:00 AM with Mr. Iyer',
  'Bring your crayons!',
].join('\n');

/**
 * Empties the schedules saved on this phone, as a new origin has none, so the next step's screen starts as a fresh
 * page's would. Call it once the schedule screen has opened: the store exists from then on.
 */
async function forgetSavedSchedules(page: Page): Promise<void> {
  await page.evaluate(
    ([name, store]) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error ?? new Error(`cannot open ${name}`));
        opening.onsuccess = () => {
          const db = opening.result;
          const clearing = db.transaction(store, 'readwrite');
          clearing.objectStore(store).clear();
          clearing.oncomplete = () => {
            db.close();
            resolve();
          };
          clearing.onerror = () => reject(clearing.error ?? new Error(`cannot clear ${store}`));
        };
      }),
    [SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE] as const,
  );
}

/** The schedule screen opened again as a new page, with nothing saved: what each step's own test once started from. */
async function openFresh(page: Page): Promise<void> {
  // Off the app first, to a file of the same origin that runs none: a copy the last screen was saving is written by
  // now (its transaction runs before the clear, which comes after it) or never begun, so the clear is the last word.
  if (page.url().startsWith('http')) await page.goto('/manifest.webmanifest');
  await forgetSavedSchedules(page);
  await openSignedIn(page, '/registered-parent/schedule');
}

// Each test walks states one after the other on one page; every step starts again from a new page load with nothing
// saved (openFresh), as a test of its own did, and counts only the webhook requests made since it started.
test.describe('schedule', () => {
  test('a fetch and the answers it reads: the list, an empty week, no schedule text', async ({ page, webhook }) => {
    await test.step('starts with only the fetch button', async () => {
      await openSignedIn(page, '/registered-parent/schedule');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Schedule' })).toBeVisible();
      await expect(page.getByText('View your upcoming sessions for this week', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeEnabled();
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Menu' }).click();
      await expect(page).toHaveURL(/\/registered-parent\/menu$/);
    });

    await test.step('sends know_schedule, shows a spinner while waiting, then lists the sessions', async () => {
      const held = webhook.hold({ body: { schedule: WEEK } });
      // Nothing was fetched yet: the screen opens as a new page.
      await openSignedIn(page, '/registered-parent/schedule');
      const fetch = page.getByRole('button', { name: 'Fetch My Schedule' });
      await fetch.click();
      await held.arrived;
      await expect(fetch).toBeDisabled();
      await expect(fetch.locator('.spinner')).toBeVisible();
      held.release();

      const list = page.getByRole('list', { name: 'Sessions this week' });
      const items = list.getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText('Monday');
      await expect(items.nth(0)).toContainText('4:00 PM – 5:00 PM');
      await expect(items.nth(0)).toContainText('with Ms. Rao');
      await expect(items.nth(1)).toContainText('Wednesday');
      await expect(items.nth(1)).toContainText('10:00 AM');
      await expect(items.nth(1)).toContainText('with Mr. Iyer');
      await expect(items.nth(2)).toHaveText('Bring your crayons!');
      await expectToast(page, 'success', 'Schedule retrieved successfully!');
      await expect(page.getByRole('button', { name: 'Refresh Schedule' })).toBeEnabled();

      const [request] = await webhook.waitForRequests(1);
      expect(webhook.requests).toHaveLength(1);
      expect(request?.headers['content-type']).toBe('application/json');
      const body = request?.body as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'action',
        'language',
        'payload',
        'request_id',
        'timestamp_ist',
        'user',
      ]);
      expect(body).toMatchObject({ action: 'know_schedule', user: ASHA, payload: {}, language: 'en' });
      expect(body.timestamp_ist).toMatch(IST_TIMESTAMP);
      expect(body.request_id).toMatch(UUID_V4);
    });

    for (const [shape, body] of [
      ['a plain text answer', WEEK],
      ['a list whose first item has Message', [{ Message: WEEK }]],
      ['an object with message', { message: WEEK }],
    ] as const) {
      await test.step(`reads the schedule from ${shape}`, async () => {
        webhook.reply({ body });
        await openFresh(page);
        await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
        await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
        await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(3);
      });
    }

    await test.step('shows the empty state when the week has no more sessions', async () => {
      webhook.reply({ body: [{ schedule: 'No sessions found for the rest of this week.' }] });
      await openFresh(page);
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await expectToast(page, 'success', 'Schedule retrieved successfully!');
      await expect(page.getByRole('button', { name: 'Refresh Schedule' })).toBeVisible();
    });

    await test.step('shows the empty state and says so when no schedule text came back', async () => {
      webhook.reply({ body: {} });
      await openFresh(page);
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
      await expectToast(page, 'info', 'No schedule data received from webhook');
      await expect(toast(page, 'success', 'Schedule retrieved successfully!')).toHaveCount(0);
    });
  });

  test('a failed fetch, and what each fetch clears', async ({ page, webhook }) => {
    await test.step('shows the server text in an Error box when the webhook fails', async () => {
      webhook.reply({ status: 502, body: 'Calendar service unavailable' });
      await openSignedIn(page, '/registered-parent/schedule');
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      const box = page.getByRole('alert');
      await expect(box.getByRole('heading', { name: 'Error' })).toBeVisible();
      await expect(box).toContainText('Calendar service unavailable');
      await expectToast(page, 'error', 'Failed to fetch schedule');
      await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeEnabled();
    });

    await test.step('says Failed to fetch schedule when the failed answer is empty', async () => {
      webhook.reply({ status: 500, body: '' });
      await openFresh(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      const box = page.getByRole('alert');
      await expect(box.getByRole('heading', { name: 'Error' })).toBeVisible();
      await expect(box.locator('.panel__message')).toHaveText('Failed to fetch schedule');
      await expectToast(page, 'error', 'Failed to fetch schedule');
    });

    // Reconciles the spec ("each fetch first clears the previous error and result") with the saved copy:
    // the error goes at once, the list stays, labelled with when it was fetched, until an answer replaces it.
    await test.step('each fetch clears the previous error at once; the last list stays, labelled, until replaced', async () => {
      const before = webhook.requests.length;
      // The answers after the first wait for the test, so each state is checked while its fetch is surely under way.
      webhook.reply({ body: { schedule: WEEK } });
      const failing = webhook.hold({ status: 500, body: 'Try later' });
      const last = webhook.hold({ body: { schedule: 'Friday: 9:00 AM with Ms. Rao' } });
      await page.clock.setFixedTime(new Date('2026-11-23T10:00:00.000+05:30'));
      await openFresh(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(page.getByText('Last updated 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();

      await page.clock.setFixedTime(new Date('2026-11-23T10:05:00.000+05:30'));
      const refresh = page.getByRole('button', { name: 'Refresh Schedule' });
      await refresh.click();
      await failing.arrived;
      await expect(refresh).toBeDisabled();
      await expect(items).toHaveCount(3);
      failing.release();
      await expect(page.getByRole('alert')).toContainText('Try later');
      await expect(items).toHaveCount(3);
      await expect(page.getByText('Last updated 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();

      await page.clock.setFixedTime(new Date('2026-11-23T10:10:00.000+05:30'));
      await refresh.click();
      await last.arrived;
      await expect(refresh).toBeDisabled();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(items).toHaveCount(3);
      last.release();
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('Friday');
      await expect(page.getByText('Last updated 23 Nov 2026, 10:10 AM', { exact: true })).toBeVisible();
      expect(webhook.requests).toHaveLength(before + 3);
    });

    // Last: its script answers every request after it.
    await test.step('says Failed to fetch schedule when the connection drops', async () => {
      // Chromium retries a POST once when a reused connection drops, so every attempt is dropped.
      webhook.reply({ dropConnection: true }, Infinity);
      await openFresh(page);
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      await expect(page.getByRole('alert').locator('.panel__message')).toHaveText('Failed to fetch schedule');
    });
  });
});

test.describe('the schedule saved on this phone', { tag: SERVICE_WORKER }, () => {
  const NOW = '2026-11-23T10:00:00.000+05:30';

  test('shown again, for 7 days, per parent, and saved while other reads are on their way', async ({
    page,
    webhook,
  }) => {
    await test.step('shows at once when the screen opens again, labelled with when it was fetched', async () => {
      webhook.reply({ body: { schedule: WEEK } });
      await page.clock.setFixedTime(new Date(NOW));
      await openSignedIn(page, '/registered-parent/schedule');
      await fetchSavedSchedule(page);

      await page.clock.setFixedTime(new Date('2026-11-23T18:30:00.000+05:30'));
      await page.reload();
      await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByText('Last updated 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeEnabled();
      expect(webhook.requests).toHaveLength(1);
    });

    await test.step('is shown for 7 days after the fetch, and not after', async () => {
      webhook.reply({ body: { schedule: WEEK } });
      await page.clock.setFixedTime(new Date(NOW));
      await openFresh(page);
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await fetchSavedSchedule(page);

      const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
      await page.clock.setFixedTime(new Date('2026-11-30T09:59:00.000+05:30'));
      await page.reload();
      await expect(items).toHaveCount(3);
      await expect(page.getByText('Last updated 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();

      await page.clock.setFixedTime(new Date('2026-11-30T10:01:00.000+05:30'));
      await page.reload();
      await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await expect(page.getByText(/^Last updated/)).toHaveCount(0);
    });

    await test.step('is kept per parent: another parent on the same phone does not see it', async () => {
      webhook.reply({ body: { schedule: WEEK } });
      await openFresh(page);
      await fetchSavedSchedule(page);

      await openSignedIn(page, '/registered-parent/schedule', { name: 'Ravi', number: '+447700900123' });
      await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);

      // The same parent, the number typed another way, finds theirs.
      await openSignedIn(page, '/registered-parent/schedule', { name: ASHA.name, number: '+91 98765 43210' });
      await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(3);
    });

    // Last: from here on every list_requests answer is held until the test ends.
    await test.step('is saved as it arrives, and Refresh answers, while the requests asked beside it are still on their way', async () => {
      const before = webhook.requests.length;
      webhook.reply({ body: { schedule: WEEK } }, 2);
      const requests = webhook.holdList();
      await openFresh(page);
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await fetchSavedSchedule(page);
      await requests.arrived;

      await page.getByRole('button', { name: 'Refresh Schedule' }).click();
      await webhook.waitForRequests(before + 2);
      await expect(page.getByRole('button', { name: 'Refresh Schedule' })).toBeEnabled();

      await page.reload();
      await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByText(/^Last updated/)).toBeVisible();
    });
  });

  test('offline: shown to its parent, not to the right number with another name', async ({
    page,
    context,
    webhook,
  }) => {
    await page.clock.setFixedTime(new Date(NOW));
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    await test.step('shows after an offline reload, and stays under the offline banner alone when a fetch gets no answer', async () => {
      webhook.reply({ body: { schedule: WEEK } });
      await openSignedIn(page, '/registered-parent/schedule');
      await fetchSavedSchedule(page);
      const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
      await expect(items).toHaveCount(3);

      await context.setOffline(true);
      await page.reload();
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText('with Ms. Rao');
      await expect(page.getByText('Last updated 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeEnabled();
      await expect(page.getByRole('status').filter({ hasText: 'The portal is offline' })).toBeVisible();
      await expect(toast(page, 'error', 'Failed to fetch schedule')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(items).toHaveCount(3);
      expect(webhook.requests).toHaveLength(1);
    });

    await test.step('is not shown for the right number with another name, offline too', async () => {
      // Back online with nothing saved, as a page the worker controls finds a new origin.
      await context.setOffline(false);
      webhook.reply({ body: { schedule: WEEK } });
      await openFresh(page);
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await fetchSavedSchedule(page);

      await context.setOffline(true);
      await openSignedIn(page, '/registered-parent/schedule', { name: 'Someone Else', number: ASHA.number });
      await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
      await expect(page.getByRole('alert').locator('.panel__message')).toHaveText('Failed to fetch schedule');
      await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
      await expect(page.getByText(/^Last updated/)).toHaveCount(0);

      // Asha herself, her name typed another way, still finds hers offline.
      await openSignedIn(page, '/registered-parent/schedule', { name: '  asha VERMA', number: '+919876543210' });
      await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(3);
      expect(webhook.requests).toHaveLength(2);
    });
  });
});
