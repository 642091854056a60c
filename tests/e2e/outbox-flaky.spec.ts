import type { Reply } from '../support/recording-webhook.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';
import { NOW, sendChat, storedOutbox, waitForOutboxIdle } from '../support/outbox.ts';
import { seeded } from '../support/seeded.ts';

const MESSAGES = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((word) => `Message ${word}`);

test.describe('a webhook that fails half the time', () => {
  test('six messages each arrive exactly once among the accepted requests, in the order sent', async ({
    page,
    context,
    webhook,
  }) => {
    const random = seeded(20261123);
    const accepted: { request_id: string; message: string }[] = [];
    let failures = 0;
    webhook.reply((request): Reply => {
      if (random() < 0.5) {
        failures += 1;
        // Half the failures answer 503, half drop the connection (no answer at all).
        return failures % 2 === 0 ? { dropConnection: true } : { status: 503, body: 'Busy' };
      }
      const { request_id, payload } = request.body as { request_id: string; payload: { message: string } };
      accepted.push({ request_id, message: payload.message });
      return { body: { message: 'Received' } };
    }, Infinity);
    // The backoff timers stay still: 'Send Now' drives every retry, so each round can be waited for.
    // A paused clock also stalls lazy screens, so the outbox screen opens first, in a second tab.
    await context.clock.install({ time: new Date(Date.parse(NOW) - 60_000) });
    await openSignedIn(page, '/registered-parent/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
    const outboxTab = await context.newPage();
    await openSignedIn(outboxTab, '/registered-parent/outbox');
    await expect(outboxTab.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();
    await context.clock.pauseAt(new Date(NOW));

    for (const message of MESSAGES) {
      await sendChat(page, message);
      await page.getByRole('button', { name: 'Send Another Message' }).click();
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    }

    // The other tab sees the queue this one filled (over the outbox's channel) and sends it.
    for (let round = 0; round < 60; round += 1) {
      await waitForOutboxIdle(outboxTab);
      if ((await storedOutbox(outboxTab)).length === 0) break;
      await outboxTab.getByRole('button', { name: 'Send Now' }).click();
    }
    await waitForOutboxIdle(outboxTab);
    expect(await storedOutbox(outboxTab)).toEqual([]);
    await expect(outboxTab.getByText('Nothing is waiting to send.', { exact: true })).toBeVisible();

    // Both kinds of failure happened, and every request got exactly one of the scripted answers.
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(webhook.requests).toHaveLength(accepted.length + failures);
    expect(accepted.map(({ message }) => message)).toEqual(MESSAGES);
    expect(new Set(accepted.map(({ request_id }) => request_id)).size).toBe(MESSAGES.length);
    // Whatever the attempts, each request id only ever carried its own message.
    const messageOf = new Map<string, string>();
    for (const request of webhook.requests) {
      const { request_id, payload } = request.body as { request_id: string; payload: { message: string } };
      expect(messageOf.get(request_id) ?? payload.message).toBe(payload.message);
      messageOf.set(request_id, payload.message);
    }
  });
});
