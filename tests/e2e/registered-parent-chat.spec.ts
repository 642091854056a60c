import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  fileList,
  MB,
  mediaFile,
  message,
  onDisk,
  sendButton,
  type SentAttachment,
} from '../support/chat-attachments.ts';
import { openSignedIn } from '../support/registered-parent.ts';

const CHAT = '/registered-parent/chat';

const PHOTO = mediaFile('photo.png', 'image/png', 1536);

const picker = (page: Page) => page.getByLabel('Add Files');

// The form's states, its refusals and what it sends are screen tests (tests/unit/features/conversation/chat-screen.test.tsx);
// here, what needs the browser: a photo's thumbnail decoded from the phone's file, the keyboard alone, and 10 MB read
// and encoded by the browser itself.
test('sends by keyboard alone with a photo whose thumbnail the browser draws, then a 10 MB video', async ({
  page,
  webhook,
}) => {
  webhook.reply({ body: 'OK' }, 2);
  await openSignedIn(page, CHAT);

  await test.step('draws the photo from the phone’s own file and sends with the keyboard alone, file picker included', async () => {
    await picker(page).setInputFiles([PHOTO]);
    const thumbnail = fileList(page).getByRole('listitem').first().locator('img');
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await message(page).focus();
    await page.keyboard.type('Sent by keyboard');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Record Voice Note' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(picker(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: 'Data saver: make photos smaller' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Remove photo.png' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sendButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
    const [request] = await webhook.waitForRequests(1);
    expect(request?.body).toMatchObject({ payload: { message: 'Sent by keyboard' } });
    await page.getByRole('button', { name: 'Send Another Message' }).click();
  });

  // How long the main thread is blocked is a figure `npm run bench` prints, not a timed assertion here: the wait for
  // the answer is bounded by the test's own limit alone, as encoding 10 MB takes its time on a loaded machine.
  await test.step('sends a 10 MB video whose base64 decodes to the same bytes', async () => {
    const video = mediaFile('recital.mp4', 'video/mp4', 10 * MB);
    await message(page).fill('Our recital');
    await picker(page).setInputFiles(await onDisk([video]));
    await expect(fileList(page)).toContainText('10.00 MB');
    await sendButton(page).click();
    await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible({ timeout: 0 });

    const [, request] = await webhook.waitForRequests(2);
    const sent =
      (request?.body as { payload: { attachments: SentAttachment[] } } | undefined)?.payload.attachments ?? [];
    expect(Buffer.from(sent[0]?.content ?? '', 'base64').equals(video.buffer)).toBe(true);
  });
});
