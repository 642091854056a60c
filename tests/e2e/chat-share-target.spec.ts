import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ASHA, openSignedIn } from '../support/registered-parent.ts';
import {
  describeSent,
  fileList,
  mediaFile,
  onDisk,
  MB,
  PDF,
  message,
  sendButton,
  sentAttachments,
  type TestFile,
} from '../support/chat-attachments.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { HOSTILE_HEADS } from '../support/media-samples.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';

const SHARE_ACTION = '/registered-parent/chat/share';

const VOICE = mediaFile('voice note.mp3', 'audio/mpeg', 700);
const CLIP = mediaFile('clip.mp4', 'video/mp4', 2 * MB);
const BIG = mediaFile('recital.mp4', 'video/mp4', 9 * MB);
/** An HTML page renamed to look like a photo; the path decides its type, as Android's would. */
const RENAMED = { name: 'drawing.png', mimeType: 'image/png', buffer: HOSTILE_HEADS['an HTML page'] };

interface Share {
  files: TestFile[];
  title?: string;
  text?: string;
  url?: string;
}

/**
 * What Android's share sheet does, from a page the service worker controls:
 * a real multipart form POSTed to the manifest's share_target action.
 */
async function shareToPortal(page: Page, { files, title = '', text = '', url = '' }: Share): Promise<void> {
  await waitForServiceWorkerControl(page);
  const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((answer) => answer.json()));
  expect(manifest.share_target).toMatchObject({ action: SHARE_ACTION, method: 'POST', enctype: 'multipart/form-data' });
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        Object.assign(input, { type: 'hidden', name, value });
        form.append(input);
      }
      const picker = document.createElement('input');
      Object.assign(picker, { type: 'file', name: 'files', multiple: true, id: 'share-files' });
      const submit = document.createElement('button');
      Object.assign(submit, { type: 'submit', textContent: 'Share to Thrive' });
      form.append(picker, submit);
      document.body.append(form);
    },
    { action: manifest.share_target.action as string, fields: { title, text, url } },
  );
  await page.locator('#share-files').setInputFiles(await onDisk(files));
  await page.getByRole('button', { name: 'Share to Thrive' }).click();
}

const attached = (page: Page) => fileList(page).getByRole('listitem');

// The worker receives what another app shares.

// Each test shares twice on one installed app: a second install would cost more than the test's own steps.
test.describe('sharing files to the portal from another app', { tag: SERVICE_WORKER }, () => {
  test('lands on chat with the files attached and the text in the box, sending carries the same bytes; what the chat does not accept is listed with the reason', async ({
    page,
    webhook,
  }) => {
    webhook.reply({ body: 'Received' });
    await openSignedIn(page, '/');
    await shareToPortal(page, {
      files: [VOICE, CLIP],
      title: 'Our walk',
      text: 'Look at this https://example.test/walk',
      url: 'https://example.test/walk',
    });

    await expect(page).toHaveURL(/\/registered-parent\/chat$/);
    await expect(attached(page)).toHaveCount(2);
    await expect(attached(page).nth(0)).toContainText('voice note.mp3');
    await expect(attached(page).nth(0)).toContainText('700 Bytes');
    await expect(attached(page).nth(1)).toContainText('clip.mp4');
    await expect(attached(page).nth(1)).toContainText('2.00 MB');
    await expect(message(page)).toHaveValue('Our walk\nLook at this https://example.test/walk');

    await sendButton(page).click();
    await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible();
    const [request] = await webhook.waitForRequests(1);
    expect(request?.body).toMatchObject({ action: 'chat_facilitator', user: ASHA });
    expect(describeSent(sentAttachments(request?.body), [VOICE, CLIP])).toEqual([
      { filename: 'voice note.mp3', mimetype: 'audio/mpeg', sameBytes: true },
      { filename: 'clip.mp4', mimetype: 'video/mp4', sameBytes: true },
    ]);

    // Sent, so no longer waiting: the chat opens empty next time.
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.reload();
    await expect(message(page)).toHaveValue('');
    await expect(fileList(page)).toHaveCount(0);

    // Shared again: what the chat accepts is attached, the others listed with the reason.
    await page.goto('/');
    await shareToPortal(page, { files: [PDF, CLIP, RENAMED, BIG, VOICE] });

    await expect(attached(page)).toHaveCount(2);
    await expect(attached(page).nth(0)).toContainText('clip.mp4');
    await expect(attached(page).nth(1)).toContainText('voice note.mp3');
    const notAttached = page.getByRole('region', { name: 'Not attached from what you shared' });
    await expect(notAttached.getByRole('listitem')).toHaveText([
      'notes.pdf is not a valid file type',
      "drawing.png was not added: its contents don't match its type",
      'recital.mp4 was not added: attachments can add up to 10.00 MB at most',
    ]);
    await expect(message(page)).toHaveValue('');
    await expectNoAxeViolations(page, 'chat, some shared files not attached');

    // Removable like any attached file.
    await page.getByRole('button', { name: 'Remove clip.mp4' }).click();
    await expect(attached(page)).toHaveText([/voice note\.mp3/]);
  });

  test('with nobody signed in, the files wait through sign-in, then chat has them; never sent, they are gone after logout', async ({
    page,
  }) => {
    await page.goto('/');
    await shareToPortal(page, { files: [VOICE], text: 'From my gallery' });

    await expect(page).toHaveURL(/\/registered-parent$/);
    await page.getByLabel('Name').fill(ASHA.name);
    await page.getByLabel('Phone Number').fill(ASHA.number);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/registered-parent\/chat$/);
    await expect(attached(page)).toHaveText([/voice note\.mp3/]);
    await expect(message(page)).toHaveValue('From my gallery');

    // Still waiting when the parent comes back to chat without sending.
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await page.getByRole('link', { name: /^Chat with your facilitator/ }).click();
    await expect(attached(page)).toHaveCount(1);

    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/registered-parent');
    await page.getByLabel('Name').fill(ASHA.name);
    await page.getByLabel('Phone Number').fill(ASHA.number);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/registered-parent\/menu$/);
    await page.getByRole('link', { name: /^Chat with your facilitator/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' })).toBeVisible();
    await expect(fileList(page)).toHaveCount(0);
  });
});
