import type { Page } from '@playwright/test';
import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import { CODE, conversationRequests, FakeConversation } from '../support/fake-conversation.ts';
import { storedOutbox, waitForOutboxDrained } from '../support/outbox.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

/**
 * Read receipts on the parent's side, what needs the browser: a reply the
 * menu fetched and the chat showed offline, its read saved in the outbox and
 * sent once the phone is back online, and "Seen" in Hindi from the thread
 * saved on the phone, after a page load. "Seen" under the opened message and
 * the read sent at once online are screen tests
 * (tests/unit/features/conversation/conversation-screen.test.tsx); the rules
 * (which message, which read, when none) are unit tables
 * (tests/unit/shared/conversation/read-receipts.test.ts).
 */

const SEEN_AT = '2026-11-23T09:45:00.000+05:30';
const thread = (page: Page, name: string) => page.getByRole('region', { name });

test('a read made offline is sent once back online, and "Seen" shows in Hindi from the saved thread', async ({
  page,
  context,
  webhook,
}) => {
  const conversation = new FakeConversation(webhook);
  conversation.readReceipts = true;
  const mine = conversation.parentMessage('Is there a session on Friday?');
  conversation.seen = { message_id: mine.id, at: SEEN_AT };
  const answer = conversation.reply('Yes, at 4.');

  await openSignedIn(page, '/registered-parent/chat');
  await page.getByRole('button', { name: 'Send Me a Code' }).click();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  const messages = thread(page, 'Messages with your facilitator');
  await expect(messages.getByText(answer.text)).toBeVisible();
  // Shown online, the read goes at once.
  await expect.poll(() => conversationRequests(webhook, 'mark_read').length).toBe(1);
  const [online] = conversationRequests(webhook, 'mark_read');

  // A reply the menu fetched, shown offline: saved in the outbox, then sent once when the phone is back online.
  const later = conversation.reply('Bring the workbook.');
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  const chatCard = page.getByRole('link', { name: /Chat with your facilitator/ });
  await expect(chatCard).toContainText('1 new reply');
  await context.setOffline(true);
  await chatCard.click();
  await expect(messages.getByText(later.text)).toBeVisible();
  await expect.poll(async () => (await storedOutbox(page)).length).toBe(1);
  const [offline] = await storedOutbox(page);
  expect(offline?.envelope).toMatchObject({ action: 'mark_read', payload: { through: later.id } });
  await context.setOffline(false);
  await waitForOutboxDrained(page, webhook);
  expect(conversationRequests(webhook, 'mark_read').map((request) => request.body)).toEqual([
    online?.body,
    offline?.envelope,
  ]);

  // In Hindi, from the saved thread as the chat opens.
  await page.goto('/hi/registered-parent/chat');
  await expect(thread(page, 'फ़ैसिलिटेटर के साथ संदेश').getByRole('listitem').filter({ hasText: mine.text })).toContainText(
    `देखा गया: ${formatIstDateTime(new Date(SEEN_AT), 'hi')}`,
  );
});
