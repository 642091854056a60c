import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  fileList,
  MB,
  mediaFile,
  message,
  onDisk,
  PDF,
  sendButton,
  type SentAttachment,
} from '../support/chat-attachments.ts';
import { openSignedInAfresh } from '../support/fresh-origin.ts';
import { HOSTILE_HEADS } from '../support/media-samples.ts';
import { ASHA, expectToast, IST_TIMESTAMP, openSignedIn, UUID_V4 } from '../support/registered-parent.ts';

const CHAT = '/registered-parent/chat';

const PHOTO = mediaFile('photo.png', 'image/png', 1536);
const VOICE = mediaFile('voice note.mp3', 'audio/mpeg', 700);

const picker = (page: Page) => page.getByLabel('Add Files');

// One page walks the chat's states; each step opens the chat afresh (a fresh origin, signed in) and uses up every
// reply it scripts.
test.describe('chat', () => {
  test('the form before sending: the counter, the refusals, the files and their limits', async ({ page, webhook }) => {
    await test.step('counts the characters and names the attachment limit', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
      await expect(message(page)).toHaveAccessibleDescription('0/500 characters');
      await message(page).fill('Hello');
      await expect(page.getByText('5/500 characters', { exact: true })).toBeVisible();
      await expect(picker(page)).toHaveAccessibleDescription(
        'Images, videos or audio only, up to 10 files and 10.00 MB in total.',
      );
      await page.getByRole('link', { name: 'Back to Menu' }).click();
      await expect(page).toHaveURL(/\/registered-parent\/menu$/);
    });

    // Which messages pass is the rules' unit table (tests/unit/shared/rules): here, one of each refusal.
    for (const [typed, problem] of [
      ['    ', 'Please enter a message'],
      ['x'.repeat(501), 'Message must be 500 characters or less'],
    ] as const) {
      await test.step(`refuses a message of ${typed.length} characters: ${problem}`, async () => {
        await openSignedInAfresh(page, webhook, CHAT);
        await message(page).fill(typed);
        await sendButton(page).click();
        await expectToast(page, 'error', problem);
        await expect(sendButton(page)).toBeEnabled();
      });
    }

    await test.step('drops a file of another type and lists the others with their sizes', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      await picker(page).setInputFiles([PHOTO, PDF, VOICE]);
      await expectToast(page, 'error', 'notes.pdf is not a valid file type');
      const items = fileList(page).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('photo.png');
      await expect(items.nth(0)).toContainText('1.50 KB');
      await expect(items.nth(1)).toContainText('voice note.mp3');
      await expect(items.nth(1)).toContainText('700 Bytes');
      // One data figure for the whole message: what it costs to send (both files' base64), no running total.
      await expect(page.getByText('About 2.91 KB to send', { exact: true })).toBeVisible();
      await expect(page.getByText(/ used$/)).toHaveCount(0);
      // The photo shows as a thumbnail drawn from the phone's own file; the voice note has none.
      const thumbnail = items.nth(0).locator('img');
      await expect(thumbnail).toBeVisible();
      await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await expect(items.nth(1).locator('img')).toHaveCount(0);
      await page.getByRole('button', { name: 'Remove photo.png' }).click();
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('voice note.mp3');
    });

    await test.step('refuses a file that would take the attachments past 10 MB, naming it and the limit', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      await picker(page).setInputFiles(
        await onDisk([mediaFile('lesson.mp4', 'video/mp4', 6 * MB), mediaFile('recital.mp4', 'video/mp4', 5 * MB)]),
      );
      await expectToast(page, 'error', 'recital.mp4 was not added: attachments can add up to 10.00 MB at most');
      await expect(fileList(page).getByRole('listitem')).toHaveCount(1);
      await expect(fileList(page)).toContainText('lesson.mp4');
    });

    // The webhook refuses these too; the screen says why before anything is sent.
    await test.step('refuses an eleventh file and a renamed HTML file, each with its reason', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      const drawings = Array.from({ length: 11 }, (_, i) => mediaFile(`drawing-${i + 1}.png`, 'image/png', 64));
      await picker(page).setInputFiles([
        { name: 'homework.png', mimeType: 'image/png', buffer: HOSTILE_HEADS['an HTML page'] },
        { name: 'badge.svg', mimeType: 'image/svg+xml', buffer: HOSTILE_HEADS['an SVG image with a script'] },
        { name: 'blank.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
        ...drawings,
      ]);
      await expectToast(page, 'error', "homework.png was not added: its contents don't match its type");
      await expectToast(page, 'error', "badge.svg was not added: this kind of file can't be sent");
      await expectToast(page, 'error', 'blank.png was not added: the file is empty');
      await expectToast(page, 'error', 'drawing-11.png was not added: a message can carry 10 files at most');
      const items = fileList(page).getByRole('listitem');
      await expect(items).toHaveCount(10);
      await expect(items).toHaveText(drawings.slice(0, 10).map(({ name }) => new RegExp(`^${name}`)));

      // Room for one again once one is removed.
      await page.getByRole('button', { name: 'Remove drawing-1.png' }).click();
      await picker(page).setInputFiles([drawings[10] ?? PHOTO]);
      await expect(items).toHaveCount(10);
      await expect(items.last()).toContainText('drawing-11.png');
    });
  });

  test('sending: the request, the answer, a refusal, a double tap and the keyboard', async ({ page, webhook }) => {
    await test.step('sends the trimmed message with the files as base64, then shows the channel and the answer', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      webhook.reply({ body: { message: 'Thanks, your facilitator will reply soon.', slackChannel: '#parents-asha' } });
      await message(page).fill('  Can we talk about reading practice?  ');
      await picker(page).setInputFiles([PHOTO, VOICE]);
      await sendButton(page).click();

      const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: '✓ Sent!' }) });
      await expect(panel).toContainText('Channel: #parents-asha');
      await expect(panel).toContainText('Thanks, your facilitator will reply soon.');
      await expectToast(page, 'success', 'Message sent successfully!');

      const [request] = await webhook.waitForRequests(1);
      const body = request?.body as Record<string, unknown> & { payload: { attachments: SentAttachment[] } };
      expect(Object.keys(body).sort()).toEqual([
        'action',
        'language',
        'payload',
        'request_id',
        'timestamp_ist',
        'user',
      ]);
      expect(body).toMatchObject({ action: 'chat_facilitator', user: ASHA, language: 'en' });
      expect(body.timestamp_ist).toMatch(IST_TIMESTAMP);
      expect(body.request_id).toMatch(UUID_V4);
      expect(Object.keys(body.payload).sort()).toEqual(['attachments', 'message']);
      expect(body.payload).toMatchObject({ message: 'Can we talk about reading practice?' });
      const sent = body.payload.attachments;
      expect(sent.map(({ filename, mimetype }) => ({ filename, mimetype }))).toEqual([
        { filename: 'photo.png', mimetype: 'image/png' },
        { filename: 'voice note.mp3', mimetype: 'audio/mpeg' },
      ]);
      for (const [index, file] of [PHOTO, VOICE].entries()) {
        const content = sent[index]?.content ?? '';
        expect(content).toMatch(/^[A-Za-z0-9+/]+=*$/);
        expect(Buffer.from(content, 'base64').equals(file.buffer)).toBe(true);
      }

      await page.getByRole('button', { name: 'Send Another Message' }).click();
      await expect(message(page)).toHaveValue('');
      // The pressed button is gone: focus must land on the form again, not fall back to the page.
      expect(await page.evaluate(() => document.activeElement?.matches('.app__main *:has(> form)') ?? false)).toBe(
        true,
      );
      await expect(page.getByText('0/500 characters', { exact: true })).toBeVisible();
      await expect(fileList(page)).toHaveCount(0);
    });

    await test.step('sends an empty attachment list and shows no channel when none came back', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      webhook.reply({ body: 'Received' });
      await message(page).fill('Hello');
      await sendButton(page).click();
      const panel = page.getByRole('status').filter({ hasText: '✓ Sent!' });
      await expect(panel).toContainText('Received');
      await expect(panel).not.toContainText('Channel:');
      const [request] = await webhook.waitForRequests(1);
      expect(request?.body).toMatchObject({ payload: { message: 'Hello', attachments: [] } });
    });

    // A 4xx is a refusal: the request itself is at fault, so it is not kept for later (5xx is; see outbox-*.spec.ts).
    await test.step('shows the server text of a refusal in an Error panel and keeps the message and files', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      webhook.reply({ status: 422, body: 'This channel takes no messages today' });
      await message(page).fill('Hello');
      await picker(page).setInputFiles([PHOTO]);
      await sendButton(page).click();
      const panel = page.getByRole('alert');
      await expect(panel.getByRole('heading', { name: 'Error' })).toBeVisible();
      await expect(panel).toContainText('This channel takes no messages today');
      await expectToast(page, 'error', 'Failed to send message');
      await expect(message(page)).toHaveValue('Hello');
      await expect(fileList(page)).toContainText('photo.png');
    });

    await test.step('says Failed to send message when the failed answer is empty', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      webhook.reply({ status: 400, body: '' });
      await message(page).fill('Hello');
      await sendButton(page).click();
      await expect(page.getByRole('alert').locator('.panel__message')).toHaveText('Failed to send message');
      await expectToast(page, 'error', 'Failed to send message');
    });

    await test.step('shows a spinner while sending and a double tap sends once', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      const answer = webhook.hold({ body: 'OK' });
      await message(page).fill('Hello');
      await sendButton(page).dblclick();
      await answer.arrived;
      await expect(sendButton(page)).toBeDisabled();
      await expect(sendButton(page).locator('.spinner')).toBeVisible();
      answer.release();
      await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible();
      expect(webhook.requests).toHaveLength(1);
    });

    await test.step('works with the keyboard alone, file picker included', async () => {
      await openSignedInAfresh(page, webhook, CHAT);
      webhook.reply({ body: 'OK' });
      await message(page).focus();
      await page.keyboard.type('Sent by keyboard');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Record Voice Note' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(picker(page)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('checkbox', { name: 'Data saver: make photos smaller' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(sendButton(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
      const [request] = await webhook.waitForRequests(1);
      expect(request?.body).toMatchObject({ payload: { message: 'Sent by keyboard' } });
    });
  });

  // How long the main thread is blocked is a figure `npm run bench` prints, not a timed assertion here: the wait for
  // the answer is bounded by the test's own limit alone, as encoding 10 MB takes its time on a loaded machine.
  test('sends a 10 MB video whose base64 decodes to the same bytes', async ({ page, webhook }) => {
    webhook.reply({ body: 'OK' });
    const video = mediaFile('recital.mp4', 'video/mp4', 10 * MB);
    await openSignedIn(page, CHAT);
    await message(page).fill('Our recital');
    await picker(page).setInputFiles(await onDisk([video]));
    await expect(fileList(page)).toContainText('10.00 MB');
    await sendButton(page).click();
    await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible({ timeout: 0 });

    const [request] = await webhook.waitForRequests(1);
    const sent = (request?.body as { payload: { attachments: SentAttachment[] } }).payload.attachments;
    expect(Buffer.from(sent[0]?.content ?? '', 'base64').equals(video.buffer)).toBe(true);
  });
});
