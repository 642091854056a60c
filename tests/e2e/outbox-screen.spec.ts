import { expect, test } from './fixtures.ts';
import { expectToast } from '../support/registered-parent.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  NOW,
  openControlled,
  outboxItems,
  savedPanel,
  submitReschedule,
  waitForOutboxIdle,
} from '../support/outbox.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

// The screen's states (the list, the badge, whose requests, Discard, stale) are its screen tests'
// (tests/unit/features/outbox/outbox-screen.test.tsx); here, the screen in the built app with the worker sending.
test.describe('the outbox screen', { tag: SERVICE_WORKER }, () => {
  test('a request the worker replays and the webhook refuses is Not accepted with the server’s words; Retry sends it', async ({
    page,
    context,
    webhook,
  }) => {
    await page.clock.setFixedTime(new Date(NOW));
    await openControlled(page, '/registered-parent/reschedule');
    await context.setOffline(true);
    await submitReschedule(page, 25, 'Travel');
    await expect(savedPanel(page)).toBeVisible();
    await page.getByRole('link', { name: 'See what is waiting to send' }).click();
    await expect(outboxItems(page)).toHaveCount(1);
    await expect(outboxItems(page).first().getByText('Last error: No connection', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the outbox screen with a request waiting', { include: 'main' });

    webhook.reply({ status: 422, body: 'That date is already full' }).reply({ body: 'Booked' });
    await context.setOffline(false);
    await webhook.waitForRequests(1);
    const item = outboxItems(page).first();
    await expect(item.getByText('Not accepted', { exact: true })).toBeVisible();
    await expect(item.getByText('Last error: That date is already full', { exact: true })).toBeVisible();
    await expectToast(
      page,
      'error',
      'Your saved reschedule request was not accepted. Open Waiting to send to retry or discard it.',
    );
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(1);

    await item.getByRole('button', { name: 'Retry' }).click();
    const [refused, accepted] = await webhook.waitForRequests(2);
    await expectToast(page, 'success', 'Your reschedule request was sent');
    await expect(page.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    expect(accepted?.rawBody).toBe(refused?.rawBody);
  });
});
