import type { Page } from '@playwright/test';
import { en } from '../../src/features/conversation/messages.ts';
import { hi } from '../../src/features/conversation/messages-hi.ts';
import { en as enVoice } from '../../src/features/conversation/compose/voice-messages.ts';
import { hi as hiVoice } from '../../src/features/conversation/compose/voice-messages-hi.ts';
import { CODE, FakeConversation } from '../support/fake-conversation.ts';
import { recordedWebm } from '../support/recorded-audio.ts';
import { expect, test } from './fixtures.ts';
import { fileList } from '../support/chat-attachments.ts';
import { expectAccessible } from '../support/axe.ts';
import { expectHindiScreen } from '../support/hindi.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { microphoneTracks, refuseMicrophone, watchMicrophone } from '../support/voice.ts';

// The microphone is a WAV every test browser is launched with (playwright.config.ts); chat-voice-note-outbox.spec.ts has
// the note that goes through the worker's outbox.

const CHAT = '/registered-parent/chat';

const mic = (page: Page, name: string = en.chat.voice.record) => page.getByRole('button', { name });
/** Axe clean; on a Hindi screen, all of it in Hindi as well (tests/support/hindi.ts). */
const screenChecked = (page: Page, language: 'English' | 'Hindi', state: string) =>
  language === 'Hindi' ? expectHindiScreen(page, state) : expectAccessible(page, state);
const said = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('a voice note', () => {
  test('held down and released, it is kept; slid away, it is cancelled', async ({ page }) => {
    const t = enVoice;
    await watchMicrophone(page);
    await openSignedIn(page, CHAT);
    await mic(page).scrollIntoViewIfNeeded();
    const box = await mic(page).boundingBox();
    if (!box) throw new Error('no microphone button');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];

    await page.mouse.move(x, y);
    await page.mouse.down();
    await expect(said(page, t.recording('0:00'))).toBeAttached();
    await expect(page.getByText('0:01', { exact: true })).toBeVisible();
    await page.mouse.up();
    await expect(fileList(page).getByRole('listitem')).toContainText('voice-note-0-01.webm');
    await expect(mic(page)).toHaveAttribute('aria-pressed', 'false');

    await page.mouse.move(x, y);
    await page.mouse.down();
    await expect(mic(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(said(page, t.recording('0:00'))).toBeAttached();
    await page.mouse.move(x, y - 150, { steps: 5 });
    await expect(said(page, t.cancelled)).toBeAttached();
    await page.mouse.up();
    await expect(mic(page)).toHaveAttribute('aria-pressed', 'false');
    // The first note stays; the cancelled one never joined it.
    await expect(fileList(page).getByRole('listitem')).toHaveCount(1);
    expect(await microphoneTracks(page)).toEqual({ opened: 2, live: 0 });

    await page.getByRole('button', { name: t.deleteNote }).click();
    await expect(fileList(page)).toHaveCount(0);
    await expect(mic(page)).toBeFocused();
  });

  for (const [language, path, t, voice] of [
    ['English', CHAT, en.chat, enVoice],
    ['Hindi', `/hi${CHAT}`, hi.chat, hiVoice],
  ] as const) {
    test(`cancelled with its button, it says so (${language})`, async ({ page }) => {
      await watchMicrophone(page);
      await openSignedIn(page, path);
      await mic(page, t.voice.record).click();
      await expect(said(page, voice.recording('0:00'))).toBeAttached();
      await screenChecked(page, language, 'chat, recording a voice note');
      await page.getByRole('button', { name: voice.cancel }).click();
      await expect(said(page, voice.cancelled)).toBeAttached();
      await expect(mic(page, t.voice.record)).toBeFocused();
      await expect(mic(page, t.voice.record)).toHaveAttribute('aria-pressed', 'false');
      await expect(fileList(page)).toHaveCount(0);
      expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
      await screenChecked(page, language, 'chat, voice note cancelled');
    });
  }

  // The refusal's words, in both languages, and a chat that still sends are screen tests
  // (tests/unit/features/conversation/chat-voice-note-screen.test.tsx): the browser checks the refused screen itself.
  test('a refused microphone leaves a screen clean, all in Hindi and within a phone', async ({ page }) => {
    await refuseMicrophone(page);
    await openSignedIn(page, `/hi${CHAT}`);
    await mic(page, hi.chat.voice.record).click();
    await expect(page.getByRole('alert')).toHaveText(hiVoice.problem.denied);
    await expectHindiScreen(page, 'chat, microphone refused');
  });

  test('warns 10 seconds before 2 minutes, then stops by itself and keeps the note', async ({ page }) => {
    // The page's clock runs the recorder's timer: two minutes pass at once, the microphone's real seconds do not.
    await page.clock.install();
    await watchMicrophone(page);
    await openSignedIn(page, CHAT);
    await mic(page).click();
    await expect(said(page, enVoice.recording('0:00'))).toBeAttached();
    await page.clock.runFor(110_000);
    // Shown beside the timer, and announced in the status.
    await expect(page.getByText(enVoice.timeLeft, { exact: true })).toHaveCount(2);
    await expect(said(page, enVoice.timeLeft)).toBeAttached();
    await page.clock.runFor(10_000);
    await expect(mic(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(fileList(page).getByRole('listitem')).toContainText('voice-note-2-00.webm');
    expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
  });

  test('from the facilitator, it shows its length in the thread and plays from the phone once opened', async ({
    page,
    webhook,
  }) => {
    const note = recordedWebm(3_000);
    const conversation = new FakeConversation(webhook);
    conversation.reply('Listen to this', {
      attachments: [
        { filename: 'voice-note-0-07.webm', mimetype: 'audio/webm', size: note.length, url: '/api/thread/1/files/0' },
      ],
    });
    await page.route('**/api/thread/1/files/0', (route) =>
      route.fulfill({ status: 200, contentType: 'audio/webm', body: note }),
    );
    await openSignedIn(page, CHAT);
    await page.getByRole('button', { name: 'Send Me a Code' }).click();
    await page.getByRole('textbox', { name: '6-digit code' }).fill(CODE);
    await page.getByRole('button', { name: 'Verify Phone' }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'Listen to this' });
    await expect(item).toContainText(`${en.thread.voiceNote('0:07')} · voice-note-0-07.webm`);
    // Nothing is fetched until the parent asks: then the player plays the phone's own copy.
    await item.getByRole('button', { name: 'Open File' }).click();
    const player = item.locator('audio');
    await expect(player).toHaveAttribute('src', /^blob:/);
    await expect(player).toHaveAttribute('controls', '');
    await expect(player).toHaveAccessibleName(/^Voice note, 0:07 · voice-note-0-07\.webm/);
    await expectAccessible(page, 'a voice note in the thread, opened');
  });
});
