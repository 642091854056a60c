import { CANCELLED_FOR_DIWALI as CANCELLED, WELCOME } from '../support/announcements.ts';
import { bodyOf, openControlled, storedOutbox, waitForOutboxDrained } from '../support/outbox.ts';
import { ASHA } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/**
 * The programme speaks to many parents at once, as one parent meets it where
 * it needs a browser and its worker: one update opened offline (its mark
 * saved in the outbox), read again offline after a reload with the menu's
 * count dropped, and the mark sent once back online. The screens' states
 * (the menu's count, the list, one update's text, Hindi) are screen tests
 * (tests/unit/features/announcements/announcements-screen.test.tsx), the
 * schedule's note and calendar cancellation too
 * (tests/unit/features/schedule/schedule-screen.test.tsx); the rules (links,
 * counts, the saved copy, the file) are unit tables.
 */

// Monday 23 Nov 2026, 10:00 in India.
const NOW = '2026-11-23T10:00:00.000+05:30';

test.describe('updates from the programme', { tag: SERVICE_WORKER }, () => {
  test('one update read offline, its mark saved in the outbox, read again after an offline reload, and sent once', async ({
    page,
    context,
    webhook,
  }) => {
    webhook.reply((request) => {
      const body = bodyOf(request);
      if (body.action === 'mark_announcement_seen') {
        const id = (body.payload as { announcement_id: string }).announcement_id;
        const index = webhook.announcements.findIndex((item) => item.announcement_id === id);
        webhook.announcements[index] = { ...CANCELLED, seen: true };
        return { body: { seen: true, announcement_id: id } };
      }
      return { status: 500, body: `not scripted: ${String(body.action)}` };
    }, Infinity);
    webhook.announcements.push(CANCELLED, WELCOME);
    await page.clock.setFixedTime(new Date(NOW));

    await openControlled(page, '/registered-parent/menu');
    const card = page.getByRole('link', { name: /^Updates from the programme/ });
    await expect(card).toContainText('2 new updates');
    await card.click();
    const items = page.getByRole('list', { name: 'Updates from the programme' }).getByRole('listitem');
    await expect(items).toHaveCount(2);

    // Opened offline: read from the phone, and its mark saved in the outbox before anything is sent.
    await context.setOffline(true);
    await items.first().getByRole('link', { name: 'Wednesday’s session is cancelled' }).click();
    const title = page.getByRole('heading', { level: 2, name: 'Wednesday’s session is cancelled' });
    await expect(title).toBeVisible();
    await expect.poll(async () => (await storedOutbox(page)).length).toBe(1);
    const [mark] = await storedOutbox(page);
    expect(mark?.envelope).toMatchObject({
      action: 'mark_announcement_seen',
      user: ASHA,
      payload: { announcement_id: 'ann-diwali' },
      language: 'en',
    });

    // Still offline, after a reload: the update reads from the saved copy, and the menu's count has dropped.
    await page.reload();
    await expect(title).toBeVisible();
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(card).toContainText('1 new update');

    // Back online: the mark goes out once, as it was saved.
    await context.setOffline(false);
    await waitForOutboxDrained(page, webhook);
    const marks = webhook.requests.filter((request) => bodyOf(request).action === 'mark_announcement_seen');
    expect(marks.map((request) => request.body)).toEqual([mark?.envelope]);
  });
});
