import type { Page } from '@playwright/test';
import { SCHEDULE_CACHE_DB, SCHEDULE_CACHE_STORE } from '../../src/shared/storage-names.ts';
import { expect, test } from './fixtures.ts';
import { ASHA, fetchSavedSchedule, openSignedIn, toast } from '../support/registered-parent.ts';
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

/** The schedule screen opened again as a new page, with nothing saved, as on a new origin. */
async function openFresh(page: Page): Promise<void> {
  // Off the app first, to a file of the same origin that runs none: a copy the last screen was saving is written by
  // now (its transaction runs before the clear, which comes after it) or never begun, so the clear is the last word.
  if (page.url().startsWith('http')) await page.goto('/manifest.webmanifest');
  await forgetSavedSchedules(page);
  await openSignedIn(page, '/registered-parent/schedule');
}

// Each test walks states one after the other on one page; a step that needs nothing saved starts again from a new
// page load (openFresh). The screen's own states, with no reload or worker, are screen tests
// (tests/unit/features/schedule/schedule-screen.test.tsx). Only the offline test needs the worker.
test.describe('the schedule saved on this phone', () => {
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

  test(
    'offline: shown to its parent, not to the right number with another name',
    { tag: SERVICE_WORKER },
    async ({ page, context, webhook }) => {
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
    },
  );
});
