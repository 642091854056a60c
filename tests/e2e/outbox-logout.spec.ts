import { expect, test } from './fixtures.ts';
import { ASHA, expectToast, openSignedIn, readSessionUser } from '../support/registered-parent.ts';
import { badge, storedSchedules, queueChatOffline } from '../support/outbox.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

// Requests saved offline and replayed after logout: the worker's part of it.

test.describe('logging out on a shared phone', () => {
  test('clears the parent’s saved schedule', async ({ page, webhook }) => {
    webhook.reply({ body: { schedule: 'Monday: 4:00 PM with Ms. Rao' } });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    await expect(page.getByRole('list', { name: 'Sessions this week' })).toBeVisible();
    await expect.poll(() => storedSchedules(page)).toHaveLength(1);

    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedSchedules(page)).toEqual([]);

    await openSignedIn(page, '/registered-parent/schedule');
    await expect(page.getByRole('button', { name: 'Fetch My Schedule' })).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
  });

  test(
    'with requests waiting, warns they will still be sent; they are, after logout',
    { tag: SERVICE_WORKER },
    async ({ page, context, webhook }) => {
      await queueChatOffline(page, context, 'See you Monday');
      await page.getByRole('link', { name: 'Back to Menu' }).click();
      await expect(badge(page)).toHaveText('1 waiting to send');

      const logout = page.getByRole('button', { name: 'Logout' });
      await logout.click();
      const warning = page.getByRole('alertdialog', { name: 'Requests are still waiting to send' });
      await expect(warning).toHaveAccessibleDescription(
        '1 request is still saved on this phone. They will still be sent automatically when the connection is back, even after you log out.',
      );
      await expect(warning.getByRole('button', { name: 'Stay Signed In' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(warning).toHaveCount(0);
      await expect(logout).toBeFocused();
      expect(await readSessionUser(page)).toEqual(ASHA);

      await logout.click();
      await warning.getByRole('button', { name: 'Log Out Anyway' }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await readSessionUser(page)).toBeNull();

      webhook.reply({ body: 'Received' });
      await context.setOffline(false);
      const [sent] = await webhook.waitForRequests(1);
      expect(sent?.body).toMatchObject({ user: ASHA, payload: { message: 'See you Monday' } });
      await expectToast(page, 'success', 'Your message was sent');
    },
  );
});
