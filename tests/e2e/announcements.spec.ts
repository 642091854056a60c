import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Announcement, ScheduleChange } from '../../src/shared/webhook/announcements.ts';
import { announcement } from '../support/announcements.ts';
import { parseIcs } from '../support/ical.ts';
import { bodyOf, openControlled, storedOutbox, waitForOutboxDrained } from '../support/outbox.ts';
import { ASHA } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/**
 * The programme speaks to many parents at once, as one parent meets it: the
 * menu's count of new updates, the list, one update opened offline (its mark
 * saved in the outbox and sent once the phone is back online), read again
 * offline after a reload, the schedule saying what changed and why with the
 * calendar event the parent added offered as a cancellation, and the same in
 * Hindi. The rules (links, counts, the saved copy, the file) are unit tables.
 */

// Monday 23 Nov 2026, 10:00 in India: the schedule's week runs to Sunday 29 Nov.
const NOW = '2026-11-23T10:00:00.000+05:30';
const WEDNESDAY = {
  day: 'Wednesday',
  time: '4:00 PM',
  facilitator: 'Priya Sharma',
  starts_at: '2026-11-25T16:00:00+05:30',
};
const CHANGE: ScheduleChange = {
  announcement_id: 'ann-diwali',
  kind: 'cancelled',
  session: WEDNESDAY,
  reason: 'Diwali',
};
const CANCELLED: Announcement = announcement('ann-diwali', '2026-11-23T09:30:00+05:30', {
  kind: 'cancelled',
  title: 'Wednesday’s session is cancelled',
  body: 'No session on Wednesday for Diwali.\nQuestions? Call 98765 43210 or read https://thrive.example/holidays.',
  urgent: true,
  session: WEDNESDAY,
  reason: 'Diwali',
  calendar: { uid_of: WEDNESDAY, sequence: 1 },
});
const WELCOME: Announcement = announcement('ann-welcome', '2026-11-20T09:00:00+05:30', {
  title: 'Welcome to the new term',
});

async function downloadIcs(page: Page, name: string) {
  const arriving = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  return parseIcs(await readFile(await (await arriving).path(), 'utf8'));
}

test.describe('updates from the programme', { tag: SERVICE_WORKER }, () => {
  test('the menu’s count, the list, one read offline and marked once through the outbox, the schedule’s note and calendar cancellation, and Hindi', async ({
    page,
    context,
    webhook,
  }) => {
    let schedule: { schedule: string; changes?: ScheduleChange[] } = {
      schedule: 'Wednesday: 4:00 PM with Priya Sharma\nFriday: 11:00 AM with Priya Sharma',
    };
    webhook.reply((request) => {
      const body = bodyOf(request);
      if (body.action === 'know_schedule') return { body: schedule };
      if (body.action === 'mark_announcement_seen') {
        const id = (body.payload as { announcement_id: string }).announcement_id;
        const index = webhook.announcements.findIndex((item) => item.announcement_id === id);
        webhook.announcements[index] = { ...CANCELLED, seen: true };
        return { body: { seen: true, announcement_id: id } };
      }
      return { status: 500, body: `not scripted: ${String(body.action)}` };
    }, Infinity);
    await page.clock.setFixedTime(new Date(NOW));

    // Before the holiday: the parent adds Wednesday's session to the calendar with the file.
    await openControlled(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    const session = 'Wednesday, 25 Nov 4:00 PM with Priya Sharma';
    await page.getByRole('button', { name: `Add to calendar: ${session}` }).click();
    const [added] = (await downloadIcs(page, `Download calendar file: ${session}`)).events;

    // Staff cancel it for Diwali: an announcement, and the schedule's change.
    schedule = { schedule: 'Friday: 11:00 AM with Priya Sharma', changes: [CHANGE] };
    webhook.announcements.push(CANCELLED, WELCOME);
    await page.getByRole('button', { name: 'Refresh Schedule' }).click();
    const changes = page.getByRole('region', { name: 'Changes this week' });
    await expect(changes).toContainText(`${session} is cancelled: Diwali`);
    await expect(changes.getByText('Diwali', { exact: true })).toHaveJSProperty('localName', 'bdi');
    await expect(page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem')).toHaveCount(1);
    const cancel = await downloadIcs(page, `Remove from calendar: ${session}`);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toMatchObject([{ uid: added?.uid, status: 'CANCELLED' }]);
    expect(cancel.events[0]?.sequence).toBeGreaterThan(added?.sequence ?? 0);

    // The menu counts both updates; the list has the newest first.
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    const card = page.getByRole('link', { name: /^Updates from the programme/ });
    await expect(card).toContainText('2 new updates');
    await card.click();
    const items = page.getByRole('list', { name: 'Updates from the programme' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Wednesday’s session is cancelled');
    await expect(items.first()).toContainText('Urgent');

    // Opened offline: read from the phone, and its mark saved in the outbox before anything is sent.
    await context.setOffline(true);
    await items.first().getByRole('link', { name: 'Wednesday’s session is cancelled' }).click();
    const title = page.getByRole('heading', { level: 2, name: 'Wednesday’s session is cancelled' });
    await expect(title).toHaveAttribute('dir', 'auto');
    await expect(page.getByRole('link', { name: '98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    await expect(page.getByRole('link', { name: 'https://thrive.example/holidays' })).toHaveAttribute(
      'href',
      'https://thrive.example/holidays',
    );
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

    // In Hindi: the card, its count, the list asked in Hindi, and the schedule's note.
    await page.goto('/hi/registered-parent/menu');
    await expect(page.getByRole('link', { name: /^प्रोग्राम की ओर से अपडेट/ })).toContainText('1 नया अपडेट');
    await expect
      .poll(() => (webhook.announcementReads.at(-1)?.body as { language?: string } | undefined)?.language)
      .toBe('hi');
    await page.getByRole('link', { name: /^अपना शेड्यूल देखें/ }).click();
    await page.getByRole('button', { name: 'मेरा शेड्यूल दिखाएँ' }).click();
    await expect(page.getByRole('region', { name: 'इस हफ़्ते के बदलाव' })).toContainText(
      'बुधवार, 25 नवंबर शाम 4:00, Priya Sharma के साथ वाला सेशन रद्द हो गया है। कारण: Diwali',
    );
  });
});
