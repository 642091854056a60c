import { expect, test } from './fixtures.ts';
import { sampleFile } from '../support/media-samples.ts';
import { expectToast, IST_TIMESTAMP, UUID_V4 } from '../support/registered-parent.ts';
import {
  badge,
  bodyOf,
  NOW,
  openControlled,
  outboxItems,
  savedPanel,
  sendChat,
  storedOutbox,
  submitReschedule,
  waitForOutboxIdle,
} from '../support/outbox.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

const SAVED_TEXT =
  'Your reschedule request is saved on this phone and will be sent automatically when the connection is back.';

test.describe('a request made offline', { tag: SERVICE_WORKER }, () => {
  test('survives a reload with no network and is delivered once, as first built, when the connection returns', async ({
    page,
    context,
    webhook,
  }) => {
    await page.clock.setFixedTime(new Date(NOW));
    await openControlled(page, '/registered-parent/reschedule');
    await context.setOffline(true);

    await submitReschedule(page, 24, 'Travel');
    await expect(savedPanel(page)).toContainText(SAVED_TEXT);
    await expectToast(page, 'info', 'Saved on this phone: it will be sent automatically when the connection is back');
    // The form is done with, as after a success: 'Submit Another Request' starts a new one.
    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await expect(page.getByText('No date selected yet.', { exact: true })).toBeVisible();

    const [saved] = await storedOutbox(page);
    expect(saved?.envelope).toMatchObject({
      action: 'reschedule_single',
      payload: { date: '2026-11-24' },
      note: 'Travel',
      timestamp_ist: NOW,
    });
    expect(saved?.envelope.request_id).toMatch(UUID_V4);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(badge(page)).toHaveText('1 waiting to send');
    await badge(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting to send' })).toBeVisible();
    await expect(outboxItems(page)).toHaveCount(1);
    await expect(outboxItems(page).first()).toContainText('Date: 24 Nov 2026');
    await expect(outboxItems(page).first()).toContainText('Last error: No connection');
    expect(webhook.requests).toHaveLength(0);

    webhook.reply({ body: 'Rescheduled' });
    await context.setOffline(false);
    const [delivered] = await webhook.waitForRequests(1);
    await expectToast(page, 'success', 'Your reschedule request was sent');
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    expect(bodyOf(delivered)).toEqual(saved?.envelope);

    // Every trigger again (a new start, the tab shown, the network back): nothing more goes out.
    await page.reload();
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
    await waitForOutboxIdle(page);
    await expect(badge(page)).toHaveCount(0);
    expect(webhook.requests).toHaveLength(1);
  });

  // The phone whose storage is full comes last, on the same installed app: a second install cost more than its steps.
  test('a message with a file, kept offline, arrives once with the same bytes; a phone that cannot store the next one says so, keeps what was typed, and sends nothing', async ({
    page,
    context,
    webhook,
  }) => {
    const photo = sampleFile('image/png', 2048);
    await openControlled(page, '/registered-parent/chat');
    await context.setOffline(true);
    await page.getByLabel('Add Files').setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: photo }]);
    await sendChat(page, 'Our drawing from today');
    await expect(savedPanel(page)).toContainText(
      'Your message is saved on this phone and will be sent automatically when the connection is back.',
    );
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
    webhook.reply({ body: { message: 'Thanks!' } });
    await context.setOffline(false);
    const [delivered] = await webhook.waitForRequests(1);
    // Told whoever sends it: the page, or the worker's Background Sync before the reloaded page listens.
    await expectToast(page, 'success', 'Your message was sent');
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    const body = bodyOf(delivered) as {
      timestamp_ist: string;
      payload: { message: string; attachments: { filename: string; mimetype: string; content: string }[] };
    };
    expect(body.timestamp_ist).toMatch(IST_TIMESTAMP);
    expect(body.payload.message).toBe('Our drawing from today');
    expect(body.payload.attachments).toHaveLength(1);
    expect(body.payload.attachments[0]).toMatchObject({ filename: 'photo.png', mimetype: 'image/png' });
    expect(Buffer.from(body.payload.attachments[0]?.content ?? '', 'base64').equals(photo)).toBe(true);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(1);

    await openControlled(page, '/registered-parent/chat');
    // The phone's storage is full: every write to IndexedDB fails as Chromium's would.
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await sendChat(page, 'Kept on screen');
    await expect(page.getByRole('alert')).toContainText(
      "This phone's storage is full, so the request could not be saved, and nothing was sent.",
    );
    await expectToast(page, 'error', 'Failed to send message');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Kept on screen');
    expect(webhook.requests).toHaveLength(1);
  });
});
