import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { answerText } from '../../../../server/contract/texts.ts';
import { paths } from '../../../../src/config/paths.ts';
import { formatIstDateTime } from '../../../../src/shared/format/ist.ts';
import { conversationRequests, FakeConversation, TOKEN } from '../../../support/fake-conversation.ts';
import { ASHA } from '../../../support/people.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { renderApp } from '../../../support/screen/render-app.tsx';
import { verifiedPhone } from '../../../support/screen/verified-phone.ts';

/** The conversation on the chat screen, against a webhook that answers the conversation actions as the contract says. */

// A 1×1 PNG, named .html: the page names and saves it by its type, never as a page that could run.
const DRAWING = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const drawing = { filename: 'drawing.html', mimetype: 'image/png', size: DRAWING.length, url: '/api/thread/1/files/0' };
const WELCOME = 'Welcome! Here is the drawing from today.';

const thread = () => screen.findByRole('region', { name: 'Messages with your facilitator' });

/** The thread's message that says `text`, once it is drawn. */
async function messageOf(text: string): Promise<HTMLElement> {
  const item = (await screen.findByText(text, { exact: true })).closest('li');
  if (!item) throw new Error(`"${text}" is not in a message`);
  return item;
}

const chatCard = () => screen.findByRole('link', { name: /Chat with your facilitator/ });

/**
 * The chat screen, with the conversation half of the webhook scripted. `thread` writes what the thread holds when
 * the screen first asks for it: the screen asks as it opens, so a message scripted once it is open would wait for
 * the 30 s poll. What it returns comes back as `scripted`.
 */
async function openChat<T>(thread: (conversation: FakeConversation) => T = () => undefined as T) {
  const app = renderApp(paths.chat, { user: ASHA });
  const conversation = new FakeConversation(app.webhook);
  const scripted = thread(conversation);
  await screen.findByRole('heading', { level: 1, name: 'Chat with Facilitator' });
  return { ...app, conversation, scripted };
}

/** The Badging API as Chromium's installed app has it: each count the icon was given, 0 when cleared. */
function stubBadge(): number[] {
  const badges: number[] = [];
  Object.assign(navigator, {
    setAppBadge: (count: number) => Promise.resolve(void badges.push(count)),
    clearAppBadge: () => Promise.resolve(void badges.push(0)),
  });
  return badges;
}

preloadScreens(paths.chat, paths.menu);
beforeEach(emptyIndexedDb);
afterEach(() => {
  Reflect.deleteProperty(navigator, 'setAppBadge');
  Reflect.deleteProperty(navigator, 'clearAppBadge');
});

test('a long thread opens on its newest 30 and draws the earlier ones on request, the keyboard kept in it', async () => {
  await verifiedPhone(ASHA, TOKEN);
  const app = await openChat((conversation) => {
    conversation.reply(WELCOME, { attachments: [drawing] });
    for (let n = 1; n <= 80; n++) conversation.reply(`Note ${n} from the week.`);
  });
  const messages = await thread();
  await within(messages).findByText('Note 80 from the week.');
  expect(within(messages).getAllByRole('listitem')).toHaveLength(30);
  expect(within(messages).queryByText(WELCOME)).toBeNull();

  const earlier = within(messages).getByRole('button', { name: 'Show Earlier Messages' });
  earlier.focus();
  await app.user.keyboard('{Enter}');
  expect(within(messages).getAllByRole('listitem')).toHaveLength(80);
  expect(document.activeElement).toBe(earlier);
  await app.user.keyboard('{Enter}');
  const welcome = await messageOf(WELCOME);
  expect(within(welcome).getByText('Ms. Rao', { exact: true })).toBeTruthy();
  // The button is gone with the last of them: focus is on the thread, which scrolls by keyboard.
  expect(within(messages).queryByRole('button', { name: 'Show Earlier Messages' })).toBeNull();
  expect(document.activeElement).toBe(messages);
});

test("opens a file with the token, and shows and saves it under its type's name", async () => {
  await verifiedPhone(ASHA, TOKEN);
  const app = await openChat((conversation) => conversation.reply(WELCOME, { attachments: [drawing] }));
  const webhook = globalThis.fetch;
  const fileAuthorization: (string | null)[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), location.href).pathname !== drawing.url) return webhook(input, init);
    fileAuthorization.push(new Headers(init?.headers).get('authorization'));
    return Promise.resolve(new Response(DRAWING, { headers: { 'Content-Type': 'image/png' } }));
  });
  const welcome = await messageOf(WELCOME);
  await app.user.click(within(welcome).getByRole('button', { name: 'Open File' }));
  expect(await within(welcome).findByRole('img', { name: 'drawing.png' })).toBeTruthy();
  const save = within(welcome).getByRole('link', { name: 'Save File' });
  expect(save.getAttribute('href')).toMatch(/^blob:/);
  expect(save.getAttribute('download')).toBe('drawing.png');
  expect(fileAuthorization).toEqual([`Bearer ${TOKEN}`]);
});

test('every 30 s, fetches only what is new and announces a reply without taking focus', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    await verifiedPhone(ASHA, TOKEN);
    const app = await openChat((conversation) => conversation.reply(WELCOME));
    await messageOf(WELCOME);
    const message = screen.getByRole('textbox', { name: 'Message' });
    message.focus();
    app.conversation.reply('See you on Thursday.');
    vi.advanceTimersByTime(30_000);
    await messageOf('See you on Thursday.');
    expect(document.activeElement).toBe(message);
    const conversation = screen.getByRole('region', { name: 'Your conversation' });
    const announced = within(conversation).getByText('New reply from Ms. Rao: See you on Thursday.', { exact: true });
    expect(announced.closest('[aria-live="polite"]')).not.toBeNull();
    // One fetch as it opens, one on the poll: nothing in between.
    expect(conversationRequests(app.webhook, 'chat_thread').map((request) => request.body)).toEqual([
      { action: 'chat_thread', language: 'en' },
      { action: 'chat_thread', payload: { after: '1' }, language: 'en' },
    ]);
  } finally {
    vi.useRealTimers();
  }
});

test('the menu counts a reply the chat screen has not shown, on the card and the icon; opening the chat reads it', async () => {
  const badges = stubBadge();
  await verifiedPhone(ASHA, TOKEN);
  const app = await openChat((conversation) => conversation.reply(WELCOME));
  await messageOf(WELCOME);
  app.conversation.reply('One more thing: bring crayons.');
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await waitFor(async () => expect((await chatCard()).textContent).toContain('1 new reply'));
  expect(badges.at(-1)).toBe(1);
  await app.user.click(await chatCard());
  await messageOf('One more thing: bring crayons.');
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await screen.findByRole('link', { name: /Know your schedule/ });
  expect((await chatCard()).textContent).not.toContain('new repl');
  expect(badges.at(-1)).toBe(0);
});

test('logout ends the token on the server', async () => {
  await verifiedPhone(ASHA, TOKEN);
  const app = await openChat((conversation) => conversation.reply(WELCOME));
  await messageOf(WELCOME);
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await app.user.click(await screen.findByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(app.path()).toBe(paths.home));
  const revoked = conversationRequests(app.webhook, 'revoke_token');
  expect(revoked.map((r) => [r.headers.authorization, r.body])).toEqual([
    [`Bearer ${TOKEN}`, { action: 'revoke_token', language: 'en' }],
  ]);
});

// Read receipts' rules (which message, which read, when none) are unit tables (tests/unit/shared/conversation).
test('"Seen" goes under the message the programme opened, and a reply shown is reported read at once', async () => {
  const SEEN_AT = '2026-11-23T09:45:00.000+05:30';
  await verifiedPhone(ASHA, TOKEN);
  const app = await openChat((conversation) => {
    conversation.readReceipts = true;
    const mine = conversation.parentMessage('Is there a session on Friday?');
    conversation.seen = { message_id: mine.id, at: SEEN_AT };
    return { mine, answer: conversation.reply('Yes, at 4.') };
  });
  const { mine, answer } = app.scripted;
  expect((await messageOf(mine.text))?.textContent).toContain(`Seen ${formatIstDateTime(new Date(SEEN_AT), 'en')}`);
  expect((await messageOf(answer.text))?.textContent).not.toContain('Seen');

  await waitFor(() => expect(conversationRequests(app.webhook, 'mark_read')).toHaveLength(1));
  const [read] = conversationRequests(app.webhook, 'mark_read');
  expect(read?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(read?.body).toMatchObject({ action: 'mark_read', user: ASHA, payload: { through: answer.id } });
});

test('a staff answer to a request is an event line, not a message from a person, its words and names isolated', async () => {
  await verifiedPhone(ASHA, TOKEN);
  // As the webhook records an accepted offer: an event line, with no author.
  const accepted = answerText('en', 'eventAccepted', {
    when: formatIstDateTime(new Date('2026-11-27T18:00:00+05:30'), 'en'),
  });
  await openChat((conversation) => {
    conversation.reply(accepted, { from: 'event', author: undefined });
    conversation.reply('See you on Friday.');
    conversation.reply(answerText('en', 'eventDeclined', { reason: 'No facilitator is free that week' }), {
      from: 'event',
    });
  });
  const event = await messageOf(accepted);
  expect(event.textContent).toContain('Request update');
  expect(event.textContent).not.toContain('Your facilitator');
  expect(within(event).queryByText('You', { exact: true })).toBeNull();
  // Staff's words are isolated by direction: a reply, the event line, and each name (the reply's, the event's By).
  const messages = await thread();
  expect(within(messages).getByText('See you on Friday.', { exact: true }).getAttribute('dir')).toBe('auto');
  expect(within(event).getByText(accepted, { exact: true }).localName).toBe('bdi');
  const names = within(messages).getAllByText('Ms. Rao', { exact: true });
  expect(names).toHaveLength(2);
  for (const name of names) expect(name.localName).toBe('bdi');
});
