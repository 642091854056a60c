import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { paths } from '../../../../src/config/paths.ts';
import { en as enVoice } from '../../../../src/features/conversation/compose/voice-messages.ts';
import { hi as hiVoice } from '../../../../src/features/conversation/compose/voice-messages-hi.ts';
import { en } from '../../../../src/features/conversation/messages.ts';
import { hi } from '../../../../src/features/conversation/messages-hi.ts';
import { ASHA } from '../../../support/people.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { expectAllHindi } from '../../../support/screen/hindi-screen.ts';
import { microphone, refusal, withMediaRecorder } from '../../../support/screen/microphone.ts';
import { mediaFile } from '../../../support/screen/phone-files.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { isDisabled, renderApp } from '../../../support/screen/render-app.tsx';

const stream = () => Promise.resolve({ getTracks: () => [] } as unknown as MediaStream);

preloadScreens(paths.chat);
beforeEach(emptyIndexedDb);

test('a browser with no MediaRecorder says so, opens no microphone, and the file picker still takes audio', async () => {
  const getUserMedia = microphone(stream);
  const app = renderApp(paths.chat, { user: ASHA });
  const mic = await screen.findByRole('button', { name: en.chat.voice.record });
  await app.user.click(mic);
  expect((await screen.findByRole('alert')).textContent).toBe(enVoice.problem.unsupported);
  expect(mic.getAttribute('aria-pressed')).toBe('false');
  expect(getUserMedia).not.toHaveBeenCalled();

  const picker = screen.getByLabelText('Add Files');
  expect(isDisabled(picker)).toBe(false);
  await app.user.upload(picker, [mediaFile('voice note.mp3', 'audio/mpeg', 700)]);
  const list = await screen.findByRole('list', { name: 'Attached files' });
  expect(within(list).getByRole('listitem').textContent).toMatch(/^voice note\.mp3/);
});

test.each([
  ['English', 'en', en.chat, enVoice],
  ['Hindi', 'hi', hi.chat, hiVoice],
] as const)(
  'a refused microphone says how to fix it, and the chat still sends (%s)',
  async (language, locale, t, voice) => {
    withMediaRecorder();
    const getUserMedia = microphone(refusal);
    const app = renderApp(paths.chat, { user: ASHA, locale });
    const mic = await screen.findByRole('button', { name: t.voice.record });
    app.webhook.reply({ body: 'OK' });
    await app.user.click(mic);
    expect((await screen.findByRole('alert')).textContent).toBe(voice.problem.denied);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    if (language === 'Hindi') expectAllHindi('chat, microphone refused');

    await app.user.type(screen.getByRole('textbox', { name: t.messageLabel }), 'Typed instead');
    await app.user.click(screen.getByRole('button', { name: t.send }));
    await screen.findByRole('heading', { name: t.sent });
    expect(app.webhook.requests).toHaveLength(1);
    expect(app.webhook.requests[0]?.body).toMatchObject({ payload: { message: 'Typed instead' } });
  },
);
