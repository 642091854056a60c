import type { Page } from '@playwright/test';
import { answerText } from '../../server/contract/texts.ts';
import { hindi } from '../../src/app/hindi.ts';
import { message, sendButton } from '../support/chat-attachments.ts';
import { CODE, conversationRequests, FakeConversation, TOKEN } from '../support/fake-conversation.ts';
import { expectHindiScreen } from '../support/hindi.ts';
import { ASHA, openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';

/**
 * The conversation on the chat screen, against a webhook that
 * answers the conversation actions as the contract says. One page walks each
 * language's states; the 30 s poll is driven by the page's clock.
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

test('verify, the thread and its files, a reply on the 30 s poll, the unread count, offline, and logout', async ({
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
  const fileAuthorization: (string | undefined)[] = [];
  await page.route('**/api/thread/1/files/0', (route) => {
    fileAuthorization.push(route.request().headers().authorization);
    return route.fulfill({ status: 200, contentType: 'image/png', body: DRAWING });
  });
  await page.clock.install({ time: new Date(NOW) });
  await openSignedIn(page, CHAT);

  // No token on this phone: nothing is fetched, the thread offers to verify, and the spec's form is below.
  await expect(page.getByRole('heading', { name: 'See replies on this phone' })).toBeVisible();
  await expect(sendButton(page)).toBeVisible();
  await page.getByRole('button', { name: 'Send Me a Code' }).click();
  const code = page.getByRole('textbox', { name: '6-digit code' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(conversationRequests(webhook, 'request_code').map((r) => r.body)).toEqual([
    { action: 'request_code', user: ASHA, language: 'en' },
  ]);

  await code.fill('12');
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  await expect(code).toHaveAccessibleDescription(/^Enter the 6 digits of the code/);
  expect(conversationRequests(webhook, 'verify_code')).toHaveLength(0);
  await code.fill('111111');
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  await expect(code).toHaveAccessibleDescription(/^This code is not right\. 4 tries left\./);
  await code.fill(CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();

  const thread = threadOf(page);
  const welcome = thread.getByRole('listitem').filter({ hasText: 'Welcome! Here is the drawing from today.' }).first();
  const newest = thread.getByRole('listitem').filter({ hasText: 'Note 80 from the week.' });
  await expect(newest.getByText('Ms. Rao', { exact: true })).toBeAttached();
  await expect(newest.getByText('23 Nov 2026, 10:00 AM', { exact: true })).toBeAttached();
  expect(conversationRequests(webhook, 'verify_code').at(-1)?.body).toEqual({
    action: 'verify_code',
    user: ASHA,
    payload: { code: CODE },
    language: 'en',
  });
  // The token travels in the header alone: never in a body.
  const [first] = conversationRequests(webhook, 'chat_thread');
  expect(first?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(first?.body).toEqual({ action: 'chat_thread', language: 'en' });
  for (const request of webhook.requests) expect(request.rawBody).not.toContain(TOKEN);

  // It opens at the newest message, with only the newest drawn.
  const scroll = () =>
    thread.evaluate((box) => ({ top: box.scrollTop, fromEnd: box.scrollHeight - box.scrollTop - box.clientHeight }));
  await expect.poll(async () => (await scroll()).fromEnd).toBeLessThan(2);
  await expect(newest).toBeVisible();
  await expect(thread.getByRole('listitem')).toHaveCount(30);
  await expect(welcome).toHaveCount(0);
  // The earliest is reached by keyboard; each time, what was the first message stays where it was.
  const earlier = thread.getByRole('button', { name: 'Show Earlier Messages' });
  const topOf = (text: string) =>
    thread.getByText(text, { exact: true }).evaluate((node) => node.getBoundingClientRect().top);
  await earlier.focus();
  const firstTop = await topOf('Note 51 from the week.');
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('listitem')).toHaveCount(80);
  expect(Math.abs((await topOf('Note 51 from the week.')) - firstTop)).toBeLessThan(1);
  await expect(earlier).toBeFocused();
  const secondTop = await topOf('Note 1 from the week.');
  await page.keyboard.press('Enter');
  await expect(welcome).toBeAttached();
  expect(Math.abs((await topOf('Note 1 from the week.')) - secondTop)).toBeLessThan(1);
  await expect(welcome.getByText('Ms. Rao', { exact: true })).toBeAttached();
  // The button is gone with the last of them: focus is on the thread, which scrolls by keyboard.
  await expect(earlier).toHaveCount(0);
  await expect(thread).toBeFocused();
  // Opening the file scrolls up to it; read up there, a new reply moves nothing.
  await welcome.getByRole('button', { name: 'Open File' }).click();
  await expect(welcome.getByRole('img', { name: 'drawing.png' })).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Save File' })).toHaveAttribute('href', /^blob:/);
  await expect(welcome.getByRole('link', { name: 'Save File' })).toHaveAttribute('download', 'drawing.png');
  expect(fileAuthorization).toEqual([`Bearer ${TOKEN}`]);

  await thread.evaluate((box) => box.scrollTo({ top: 40 }));
  await expect.poll(async () => (await scroll()).top).toBe(40);

  // Every 30 s while the screen is visible, only what is new, announced without taking focus.
  await message(page).focus();
  conversation.reply('See you on Thursday.');
  await page.clock.runFor(30_000);
  await expect(thread.getByText('See you on Thursday.')).toBeAttached();
  expect((await scroll()).top).toBe(40);
  await expect(message(page)).toBeFocused();
  await expect(page.getByRole('region', { name: 'Your conversation' }).locator('[aria-live="polite"]')).toHaveText(
    'New reply from Ms. Rao: See you on Thursday.',
  );
  // One fetch on verifying, one on the poll: nothing in between.
  expect(conversationRequests(webhook, 'chat_thread').map((request) => request.body)).toEqual([
    { action: 'chat_thread', language: 'en' },
    { action: 'chat_thread', payload: { after: '81' }, language: 'en' },
  ]);

  // The menu counts a reply the chat screen has not shown yet; opening the chat reads it.
  conversation.reply('One more thing: bring crayons.');
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await expect(chatCard(page)).toContainText('1 new reply');
  expect(await page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1))).toBe(1);
  await chatCard(page).click();
  await expect(thread.getByText('One more thing: bring crayons.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await expect(page.getByRole('link', { name: 'Know your schedule' })).toBeVisible();
  await expect(chatCard(page)).not.toContainText('new repl');
  expect(await page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1))).toBe(0);

  // Offline, a reply the menu counted is seen once the chat screen shows it from the saved thread.
  const badge = () => page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1));
  conversation.reply('See you on Monday.');
  await page.getByRole('link', { name: 'Know your schedule' }).click();
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
  await expect(thread.getByText('One more thing: bring crayons.')).toBeVisible();
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

  // Logout ends the token on the server and forgets it and the thread here.
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const revoked = conversationRequests(webhook, 'revoke_token');
  expect(revoked.map((r) => [r.headers.authorization, r.body])).toEqual([
    [`Bearer ${TOKEN}`, { action: 'revoke_token', language: 'en' }],
  ]);
  await openSignedIn(page, CHAT);
  await expect(page.getByRole('button', { name: 'Send Me a Code' })).toBeVisible();
  await expect(page.getByText('One more thing: bring crayons.')).toHaveCount(0);
});

test('a webhook that asks for the code at sign-in: the schedule screen verifies, then asks again with the token', async ({
  page,
  webhook,
}) => {
  new FakeConversation(webhook, { codeAtSignIn: true });
  await openSignedIn(page, '/registered-parent/schedule');
  await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  await expect(page.getByText('Enter the 6-digit code sent to your phone to sign in.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send Me a Code' }).click();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(CODE);
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  await expect(page.getByRole('list', { name: 'Sessions this week' })).toContainText('with Ms. Rao');
  await expect(page.getByRole('button', { name: 'Send Me a Code' })).toHaveCount(0);
  expect(conversationRequests(webhook, 'know_schedule').map((request) => request.headers.authorization)).toEqual([
    undefined,
    `Bearer ${TOKEN}`,
  ]);
});

test.describe('in Hindi', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the verification and the thread are all Hindi', async ({ page, webhook }) => {
    const t = hindi.conversation.thread;
    const conversation = new FakeConversation(webhook);
    conversation.reply('नमस्ते! गुरुवार को मिलते हैं।', { attachments: [drawing] });
    // The Web OTP API as Android Chrome has it: the SMS arrives when the test says so.
    await page.addInitScript((code) => {
      const asked: unknown[] = [];
      let deliver = () => {};
      Object.assign(window, { OTPCredential: Object, otpAsked: asked, deliverSms: () => deliver() });
      Object.defineProperty(navigator, 'credentials', {
        value: {
          get: (options: { otp?: unknown; signal?: AbortSignal }) => {
            asked.push({ otp: options.otp, signal: options.signal instanceof AbortSignal });
            return new Promise((resolve) => (deliver = () => resolve({ type: 'otp', id: '', code })));
          },
        },
      });
    }, CODE);
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

    // The SMS comes: the code is filled in and checked.
    await page.evaluate(() => (window as unknown as { deliverSms: () => void }).deliverSms());
    await expect
      .poll(() => conversationRequests(webhook, 'verify_code').at(-1)?.body)
      .toMatchObject({ payload: { code: CODE }, language: 'hi' });
    expect(await page.evaluate(() => (window as unknown as { otpAsked: unknown[] }).otpAsked)).toEqual([
      { otp: { transport: ['sms'] }, signal: true },
    ]);
    await expect(threadOf(page, t.listLabel).getByText('नमस्ते! गुरुवार को मिलते हैं।')).toBeVisible();
    await expectHindiScreen(page, 'chat, the thread');
    expect(conversationRequests(webhook, 'request_code')[0]?.body).toMatchObject({ language: 'hi' });
  });
});
