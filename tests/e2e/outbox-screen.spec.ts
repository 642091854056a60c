import { expect, test } from './fixtures.ts';
import { sampleFile } from '../support/media-samples.ts';
import { expectToast, openSignedIn } from '../support/registered-parent.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  badge,
  NOW,
  openControlled,
  outboxItems,
  savedPanel,
  sendChat,
  storedOutbox,
  submitReschedule,
  waitForOutboxIdle,
  queueChatOffline,
} from '../support/outbox.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('the waiting badge and the outbox screen', { tag: SERVICE_WORKER }, () => {
  test('count and list the parent’s own waiting requests, oldest first, and no one else’s', async ({
    page,
    context,
  }) => {
    await page.clock.setFixedTime(new Date(NOW));
    await openControlled(page, '/registered-parent/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    await context.setOffline(true);
    await page.getByRole('link', { name: /^Reschedule/ }).click();
    await submitReschedule(page, 24, 'Travel');
    await expect(savedPanel(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(badge(page)).toHaveText('1 waiting to send');

    await page.getByRole('link', { name: /^Chat with your facilitator/ }).click();
    await page
      .getByLabel('Add Files')
      .setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: sampleFile('image/png', 64) }]);
    await sendChat(page, 'Please call me\nafter six');
    await expect(savedPanel(page)).toBeVisible();
    await page.getByRole('link', { name: 'See what is waiting to send' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Waiting to send' })).toBeVisible();
    const [reschedule, chat] = [outboxItems(page).nth(0), outboxItems(page).nth(1)];
    await expect(outboxItems(page)).toHaveCount(2);
    await expect(reschedule.getByRole('heading', { level: 3 })).toHaveText('Reschedule request');
    for (const text of ['Date: 24 Nov 2026', 'Note: Travel', 'Saved 23 Nov 2026, 10:00 AM', 'Waiting to send']) {
      await expect(reschedule.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(reschedule.getByText('Last error: No connection', { exact: true })).toBeVisible();
    await expect(chat.getByRole('heading', { level: 3 })).toHaveText('Message to your facilitator');
    for (const text of ['Please call me after six', '1 file attached', 'Saved 23 Nov 2026, 10:00 AM']) {
      await expect(chat.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
    await expectNoAxeViolations(page, 'the outbox screen with two items', { include: 'main' });

    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(badge(page)).toHaveText('2 waiting to send');

    // Another parent on the same phone sees none of it.
    await openSignedIn(page, '/registered-parent/menu', { name: 'Ravi', number: '+447700900123' });
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ravi!' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    await page.goto('/registered-parent/outbox');
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();

    // Asha's number typed with another name is another person: nothing to see, retry or discard.
    await openSignedIn(page, '/registered-parent/outbox', { name: 'Someone Else', number: '9876543210' });
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    // Asha again, her name and number spelt another way, finds both.
    await openSignedIn(page, '/registered-parent/outbox', { name: 'asha  verma', number: '+919876543210' });
    await expect(outboxItems(page)).toHaveCount(2);
  });

  test('Discard asks first: Keep It keeps the request, Yes, Discard removes it and nothing is sent', async ({
    page,
    context,
    webhook,
  }) => {
    await queueChatOffline(page, context, 'Never mind');
    await page.getByRole('link', { name: 'See what is waiting to send' }).click();
    const item = outboxItems(page).first();
    await expect(item).toContainText('Never mind');

    // Keyboard only.
    const discard = item.getByRole('button', { name: 'Discard' });
    await discard.focus();
    await page.keyboard.press('Enter');
    const question = item.getByRole('group', { name: 'Discard this request? It will never be sent.' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep It' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(discard).toBeFocused();
    expect(await storedOutbox(page)).toHaveLength(1);

    await page.keyboard.press('Enter');
    await expect(question.getByRole('button', { name: 'Keep It' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button', { name: 'Yes, Discard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Request discarded.' })).toBeAttached();
    expect(await storedOutbox(page)).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(0);
  });

  test('a refusal during replay leaves the request Not accepted with the server’s words; Retry sends it', async ({
    page,
    context,
    webhook,
  }) => {
    await page.clock.setFixedTime(new Date(NOW));
    await openControlled(page, '/registered-parent/reschedule');
    await context.setOffline(true);
    await submitReschedule(page, 25);
    await expect(savedPanel(page)).toBeVisible();
    await page.getByRole('link', { name: 'See what is waiting to send' }).click();
    await expect(outboxItems(page)).toHaveCount(1);

    webhook.reply({ status: 422, body: 'That date is already full' }).reply({ body: 'Booked' });
    await context.setOffline(false);
    await webhook.waitForRequests(1);
    const item = outboxItems(page).first();
    await expect(item.getByText('Not accepted', { exact: true })).toBeVisible();
    await expect(item.getByText('Last error: That date is already full', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'was not accepted: That date is already full' }),
    ).toBeAttached();
    await expectToast(
      page,
      'error',
      'Your saved reschedule request was not accepted. Open Waiting to send to retry or discard it.',
    );
    // Refused items wait for the parent, not for the network: no Send now, and the badge still counts it.
    await expect(page.getByRole('button', { name: 'Send Now' })).toHaveCount(0);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(1);

    await item.getByRole('button', { name: 'Retry' }).click();
    const [refused, accepted] = await webhook.waitForRequests(2);
    await expectToast(page, 'success', 'Your reschedule request was sent');
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    expect(accepted?.rawBody).toBe(refused?.rawBody);
  });

  test('a request saved more than 7 days ago is marked stale and is still sent', async ({ page, context, webhook }) => {
    await page.clock.setFixedTime(new Date(NOW));
    await queueChatOffline(page, context, 'Are you back from holiday?');

    await page.clock.setFixedTime(new Date(Date.parse(NOW) + 8 * DAY_MS));
    await page.goto('/registered-parent/outbox');
    const item = outboxItems(page).first();
    await expect(item.getByText('Saved more than 7 days ago: it will still be sent', { exact: true })).toBeVisible();
    await expect(item.getByText('Saved 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();

    webhook.reply({ body: 'Welcome back' });
    await context.setOffline(false);
    const [sent] = await webhook.waitForRequests(1);
    expect(sent?.body).toMatchObject({ timestamp_ist: NOW, payload: { message: 'Are you back from holiday?' } });
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
  });
});
