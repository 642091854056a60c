import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { answerText } from '../../../../server/contract/texts.ts';
import { hindi } from '../../../../src/app/hindi.ts';
import { paths } from '../../../../src/config/paths.ts';
import { CODE, conversationRequests, FakeConversation, TOKEN } from '../../../support/fake-conversation.ts';
import { ASHA } from '../../../support/people.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { renderApp } from '../../../support/screen/render-app.tsx';

/** Verifying the phone, on the chat screen (to see replies) and on the schedule (a webhook that asks at sign-in). */

const code = (name = '6-digit code') => screen.getByRole('textbox', { name });

/** The thread's message that says `text`, once it is drawn. */
async function messageOf(text: string): Promise<HTMLElement> {
  const item = (await screen.findByText(text, { exact: true })).closest('li');
  if (!item) throw new Error(`"${text}" is not in a message`);
  return item;
}

preloadScreens(paths.chat, paths.schedule);
beforeEach(emptyIndexedDb);
afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

test('with no token on this phone, fetches nothing and offers to verify above the form', async () => {
  const app = renderApp(paths.chat, { user: ASHA });
  expect(await screen.findByRole('heading', { name: 'See replies on this phone' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  await waitFor(() =>
    expect(screen.getByRole('region', { name: 'Your conversation' }).getAttribute('aria-busy')).toBeNull(),
  );
  expect(app.webhook.requests).toHaveLength(0);
});

test('asks for a code and checks it, then fetches the thread with the token in the header alone', async () => {
  const app = renderApp(paths.chat, { user: ASHA });
  new FakeConversation(app.webhook).reply('Note 1 from the week.');
  await app.user.click(await screen.findByRole('button', { name: 'Send Me a Code' }));
  await waitFor(() => expect(document.activeElement).toBe(code()));
  expect(code().getAttribute('autocomplete')).toBe('one-time-code');
  expect(code().getAttribute('inputmode')).toBe('numeric');
  expect(conversationRequests(app.webhook, 'request_code').map((r) => r.body)).toEqual([
    { action: 'request_code', user: ASHA, language: 'en' },
  ]);

  await app.user.type(code(), '12');
  await app.user.click(screen.getByRole('button', { name: 'Verify Phone' }));
  await screen.findByRole('textbox', { name: '6-digit code', description: /^Enter the 6 digits of the code/ });
  expect(conversationRequests(app.webhook, 'verify_code')).toHaveLength(0);
  await app.user.clear(code());
  await app.user.type(code(), '111111');
  await app.user.click(screen.getByRole('button', { name: 'Verify Phone' }));
  await screen.findByRole('textbox', { name: '6-digit code', description: /^This code is not right\. 4 tries left\./ });
  await app.user.clear(code());
  await app.user.type(code(), CODE);
  await app.user.click(screen.getByRole('button', { name: 'Verify Phone' }));

  const newest = await messageOf('Note 1 from the week.');
  expect(within(newest).getByText('Ms. Rao', { exact: true })).toBeTruthy();
  expect(within(newest).getByText('23 Nov 2026, 10:00 AM', { exact: true })).toBeTruthy();
  expect(conversationRequests(app.webhook, 'verify_code').at(-1)?.body).toEqual({
    action: 'verify_code',
    user: ASHA,
    payload: { code: CODE },
    language: 'en',
  });
  const [first] = conversationRequests(app.webhook, 'chat_thread');
  expect(first?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(first?.body).toEqual({ action: 'chat_thread', language: 'en' });
  for (const request of app.webhook.requests) expect(request.rawBody).not.toContain(TOKEN);
});

test('in Hindi, says a wrong code in the webhook’s Hindi, and the SMS fills in the code and checks it', async () => {
  const t = hindi.conversation.thread;
  // The Web OTP API as Android Chrome has it: the SMS arrives when the test says so.
  const asked: unknown[] = [];
  let deliverSms = () => {};
  vi.stubGlobal('OTPCredential', Object);
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: (options: { otp?: unknown; signal?: AbortSignal }) => {
        asked.push({ otp: options.otp, signal: options.signal instanceof AbortSignal });
        return new Promise((resolve) => (deliverSms = () => resolve({ type: 'otp', id: '', code: CODE })));
      },
    },
  });
  const app = renderApp(paths.chat, { user: ASHA, locale: 'hi' });
  new FakeConversation(app.webhook).reply('नमस्ते! गुरुवार को मिलते हैं।');
  await app.user.click(await screen.findByRole('button', { name: t.sendCode }));
  await app.user.type(code(t.codeLabel), '111111');
  await app.user.click(screen.getByRole('button', { name: t.verify }));
  // The webhook's own words, in the language the request named.
  await screen.findByText(answerText('hi', 'wrongCodeMany', { left: 4 }), { exact: true });

  deliverSms();
  await screen.findByRole('region', { name: t.listLabel });
  await messageOf('नमस्ते! गुरुवार को मिलते हैं।');
  expect(conversationRequests(app.webhook, 'verify_code').at(-1)?.body).toMatchObject({
    payload: { code: CODE },
    language: 'hi',
  });
  expect(asked).toEqual([{ otp: { transport: ['sms'] }, signal: true }]);
  expect(conversationRequests(app.webhook, 'request_code')[0]?.body).toMatchObject({ language: 'hi' });
});

test('a webhook that asks for the code at sign-in: the schedule screen verifies, then asks again with the token', async () => {
  const app = renderApp(paths.schedule, { user: ASHA });
  new FakeConversation(app.webhook, { codeAtSignIn: true });
  await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
  await screen.findByText('Enter the 6-digit code sent to your phone to sign in.', { exact: true });
  await app.user.click(screen.getByRole('button', { name: 'Send Me a Code' }));
  await app.user.type(code(), CODE);
  await app.user.click(screen.getByRole('button', { name: 'Verify Phone' }));
  const sessions = await screen.findByRole('list', { name: 'Sessions this week' });
  await waitFor(() => expect(sessions.textContent).toContain('with Ms. Rao'));
  expect(screen.queryByRole('button', { name: 'Send Me a Code' })).toBeNull();
  expect(conversationRequests(app.webhook, 'know_schedule').map((request) => request.headers.authorization)).toEqual([
    undefined,
    `Bearer ${TOKEN}`,
  ]);
});
