import type { Page } from '@playwright/test';
import { answerText } from '../../server/contract/texts.ts';
import { hindi } from '../../src/app/hindi.ts';
import { message, sendButton } from '../support/chat-attachments.ts';
import { CODE, conversationRequests, FakeConversation } from '../support/fake-conversation.ts';
import { expectHindiScreen } from '../support/hindi.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

/**
 * The conversation on the chat screen, against a webhook that answers the
 * conversation actions as the contract says: what needs the browser. How the
 * phone is verified, what each request carries, the thread's pages, its files'
 * names, the poll's announcement, the menu's count and logout's revoke are
 * screen tests (tests/unit/features/conversation/); here, the thread's
 * scrolling, a file decoded, offline and a page load after logout. The 30 s
 * poll is driven by the page's clock.
 */

const CHAT = '/registered-parent/chat';
const NOW = '2026-11-23T10:00:00.000+05:30';
// A 1×1 PNG: the thumbnail must decode.
const DRAWING = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// Its name says .html while it is a PNG: the page names and saves it by its type, never as a page that could run.
const drawing = { filename: 'drawing.html', mimetype: 'image/png', size: DRAWING.length, url: '/api/thread/1/files/0' };

const threadOf = (page: Page, name = 'Messages with your facilitator') => page.getByRole('region', { name });
const chatCard = (page: Page) => page.getByRole('link', { name: /Chat with your facilitator/ });

test('the thread scrolls as a chat does, a file decodes, a reply on the 30 s poll moves nothing, offline, and logout', async ({
  page,
  context,
  webhook,
}) => {
  const conversation = new FakeConversation(webhook);
  conversation.reply('Welcome! Here is the drawing from today.', { attachments: [drawing] });
  // A long thread: it opens on its newest few, and the earlier ones come on request.
  for (let n = 1; n <= 80; n++) conversation.reply(`Note ${n} from the week.`);
  await page.addInitScript(() => {
    const badges: number[] = [];
    Object.assign(window, { badges });
    Object.assign(navigator, {
      setAppBadge: (count: number) => Promise.resolve(void badges.push(count)),
      clearAppBadge: () => Promise.resolve(void badges.push(0)),
    });
  });
  await page.route('**/api/thread/1/files/0', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: DRAWING }),
  );
  await page.clock.install({ time: new Date(NOW) });
  await openSignedIn(page, CHAT);
  await page.getByRole('button', { name: 'Send Me a Code' }).click();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();

  const thread = threadOf(page);
  const welcome = thread.getByRole('listitem').filter({ hasText: 'Welcome! Here is the drawing from today.' }).first();
  const newest = thread.getByRole('listitem').filter({ hasText: 'Note 80 from the week.' });
  // It opens at the newest message.
  const scroll = () =>
    thread.evaluate((box) => ({ top: box.scrollTop, fromEnd: box.scrollHeight - box.scrollTop - box.clientHeight }));
  await expect(newest).toBeAttached();
  await expect.poll(async () => (await scroll()).fromEnd).toBeLessThan(2);
  await expect(newest).toBeVisible();
  // The earliest is reached by keyboard; each time, what was the first message stays where it was.
  const earlier = thread.getByRole('button', { name: 'Show Earlier Messages' });
  const topOf = (text: string) =>
    thread.getByText(text, { exact: true }).evaluate((node) => node.getBoundingClientRect().top);
  await earlier.focus();
  const firstTop = await topOf('Note 51 from the week.');
  await page.keyboard.press('Enter');
  await expect(thread.getByText('Note 1 from the week.', { exact: true })).toBeAttached();
  expect(Math.abs((await topOf('Note 51 from the week.')) - firstTop)).toBeLessThan(1);
  await expect(earlier).toBeFocused();
  const secondTop = await topOf('Note 1 from the week.');
  await page.keyboard.press('Enter');
  await expect(welcome).toBeAttached();
  expect(Math.abs((await topOf('Note 1 from the week.')) - secondTop)).toBeLessThan(1);
  // The button is gone with the last of them: focus is on the thread, which scrolls by keyboard.
  await expect(thread).toBeFocused();
  // Opening the file scrolls up to it, and the browser draws it; read up there, a new reply moves nothing.
  await welcome.getByRole('button', { name: 'Open File' }).click();
  await expect(welcome.getByRole('img', { name: 'drawing.png' })).toBeVisible();
  await thread.evaluate((box) => box.scrollTo({ top: 40 }));
  await expect.poll(async () => (await scroll()).top).toBe(40);
  conversation.reply('See you on Thursday.');
  await page.clock.runFor(30_000);
  await expect(thread.getByText('See you on Thursday.')).toBeAttached();
  expect((await scroll()).top).toBe(40);

  // Offline, a reply the menu counted is seen once the chat screen shows it from the saved thread.
  const badge = () => page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1));
  conversation.reply('See you on Monday.');
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await expect(chatCard(page)).toContainText('1 new reply');
  await context.setOffline(true);
  await chatCard(page).click();
  await expect(thread.getByText('See you on Monday.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await expect.poll(badge).toBe(0);
  await expect(chatCard(page)).not.toContainText('new repl');

  // Offline: the saved thread with its time, and a message sent now shows at once as waiting.
  await chatCard(page).click();
  await expect(thread.getByText('See you on Monday.')).toBeVisible();
  await expect(page.getByText('Saved at 23 Nov 2026, 10:00 AM', { exact: true })).toBeVisible();
  await message(page).fill('Running late, sorry');
  await sendButton(page).click();
  const waiting = thread.getByRole('listitem').filter({ hasText: 'Running late, sorry' });
  await expect(waiting).toContainText('Waiting to send');

  // Back online: the outbox delivers it, the thread has it, and it is shown once.
  await context.setOffline(false);
  await expect(waiting).toHaveCount(1);
  await expect(waiting).not.toContainText('Waiting to send');
  await expect.poll(() => conversationRequests(webhook, 'chat_facilitator').length).toBe(1);

  // Logout forgets the token and the thread on the phone: the next page load asks to verify again.
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openSignedIn(page, CHAT);
  await expect(page.getByRole('button', { name: 'Send Me a Code' })).toBeVisible();
  await expect(page.getByText('See you on Monday.')).toHaveCount(0);
});

test.describe('in Hindi', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the verification and the thread are all Hindi', async ({ page, webhook }) => {
    const t = hindi.conversation.thread;
    const conversation = new FakeConversation(webhook);
    conversation.reply('नमस्ते! गुरुवार को मिलते हैं।', { attachments: [drawing] });
    await openSignedIn(page, `/hi${CHAT}`);
    await expect(page.getByRole('button', { name: t.sendCode })).toBeVisible();
    await expectHindiScreen(page, 'chat, verify');

    await page.getByRole('button', { name: t.sendCode }).click();
    const code = page.getByRole('textbox', { name: t.codeLabel });
    await code.fill('111111');
    await page.getByRole('button', { name: t.verify }).click();
    // The webhook's own words, in the language the request named.
    await expect(page.getByText(answerText('hi', 'wrongCodeMany', { left: 4 }), { exact: true })).toBeVisible();
    await expectHindiScreen(page, 'chat, a wrong code');

    await code.fill(CODE);
    await page.getByRole('button', { name: t.verify }).click();
    await expect(threadOf(page, t.listLabel).getByText('नमस्ते! गुरुवार को मिलते हैं।')).toBeVisible();
    await expectHindiScreen(page, 'chat, the thread');
  });
});
