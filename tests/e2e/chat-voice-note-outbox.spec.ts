import type { Page } from '@playwright/test';
import { en } from '../../src/features/conversation/messages.ts';
import { en as enVoice } from '../../src/features/conversation/compose/voice-messages.ts';
import { expect, test } from './fixtures.ts';
import { fileList, message, sendButton, sentAttachments } from '../support/chat-attachments.ts';
import { expectAccessible } from '../support/axe.ts';
import { badge, openControlled, savedPanel, storedOutbox, waitForOutboxDrained } from '../support/outbox.ts';
import { tabOnceTo, tabTo } from '../support/keyboard.ts';
import { decodedSeconds, microphoneTracks, watchMicrophone } from '../support/voice.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

// The microphone is a WAV every test browser is launched with (playwright.config.ts).

const CHAT = '/registered-parent/chat';
const WEBM_HEADER = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const mic = (page: Page) => page.getByRole('button', { name: en.chat.voice.record });
const said = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('a voice note through the outbox', { tag: SERVICE_WORKER }, () => {
  test('recorded by keyboard offline, alone, it waits, survives a reload and arrives once as WebM of its length', async ({
    page,
    context,
    webhook,
  }) => {
    const t = enVoice;
    await watchMicrophone(page);
    await openControlled(page, CHAT);
    await context.setOffline(true);

    await message(page).focus();
    await tabOnceTo(page, mic(page));
    await page.keyboard.press('Enter');
    await expect(mic(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(said(page, t.recording('0:00'))).toBeAttached();
    await expect(page.getByRole('button', { name: t.cancel })).toBeVisible();
    await expectAccessible(page, 'chat, recording a voice note');
    // Five seconds or more: the scan above may take longer than that on a busy machine.
    await expect(page.getByText(/^0:(0[5-9]|[1-5]\d)$/)).toBeVisible();
    await expect(mic(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(mic(page)).toHaveAttribute('aria-pressed', 'false');
    // The microphone is off the moment the recording stops: every track ended.
    expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });

    const row = fileList(page).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/^voice-note-0-\d\d\.webm/);
    const name = (await row.locator('.file-list__name').textContent()) ?? '';
    const length = /voice-note-(\d)-(\d\d)/.exec(name)?.slice(1).join(':') ?? '';
    await expect(page.getByLabel(t.noteLabel(length))).toBeVisible();
    // The data saver line counts the note like any file.
    await expect(page.getByText(/^About .+ KB to send$/)).toBeVisible();
    await expectAccessible(page, 'chat, a voice note to play back');

    // The message box left empty: the note goes alone.
    await expect(message(page)).toHaveValue('');
    await tabTo(page, sendButton(page));
    await page.keyboard.press('Enter');
    await expect(savedPanel(page)).toBeVisible();
    expect(await storedOutbox(page)).toHaveLength(1);

    await page.reload();
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await expect(badge(page)).toHaveText('1 waiting to send');
    expect(webhook.requests).toHaveLength(0);

    webhook.reply({ body: 'OK' });
    await context.setOffline(false);
    await waitForOutboxDrained(page, webhook);
    expect(webhook.requests).toHaveLength(1);
    const body = webhook.requests[0]?.body as { action: string; payload: { message: string } };
    expect({ action: body.action, message: body.payload.message }).toEqual({
      action: 'chat_facilitator',
      message: en.chat.voice.onlyMessage,
    });
    const [note] = sentAttachments(body);
    expect({ filename: note?.filename, mimetype: note?.mimetype }).toEqual({
      filename: name,
      mimetype: 'audio/webm',
    });
    const bytes = Buffer.from(note?.content ?? '', 'base64');
    expect(bytes.subarray(0, 4).equals(WEBM_HEADER)).toBe(true);
    // As long as the recording the parent was shown: the length in its name, which the app's clock measured from
    // start to stop (the test's own clock reads both moments late on a busy machine, by different amounts).
    const seconds = await decodedSeconds(page, bytes);
    const [minutes = 0, wholeSeconds = 0] = length.split(':').map(Number);
    expect(minutes * 60 + wholeSeconds).toBeGreaterThanOrEqual(5);
    expect(Math.abs(seconds - (minutes * 60 + wholeSeconds))).toBeLessThanOrEqual(1);
    // 24 kbit/s: a few KB a second.
    expect(bytes.length / seconds).toBeLessThan(4_000);
  });
});
