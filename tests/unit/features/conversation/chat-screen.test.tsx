import { resolveObjectURL } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { paths } from '../../../../src/config/paths.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import { HOSTILE_HEADS } from '../../../support/media-samples.ts';
import { ASHA, IST_TIMESTAMP, UUID_V4 } from '../../../support/people.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { bytesOf, MB, mediaFile, phoneFile } from '../../../support/screen/phone-files.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { findToast, isDisabled, renderApp } from '../../../support/screen/render-app.tsx';

interface SentAttachment {
  filename: string;
  mimetype: string;
  content: string;
}

const PHOTO = mediaFile('photo.png', 'image/png', 1536);
const VOICE = mediaFile('voice note.mp3', 'audio/mpeg', 700);
const PDF = phoneFile('notes.pdf', 'application/pdf', HOSTILE_HEADS['a PDF']);

const message = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send Message' });
const picker = () => screen.getByLabelText('Add Files');
const fileList = () => screen.queryByRole('list', { name: 'Attached files' });
const attached = () => within(screen.getByRole('list', { name: 'Attached files' })).getAllByRole('listitem');
const sentPanel = () =>
  screen.getAllByRole('status').find((panel) => within(panel).queryByRole('heading', { name: '✓ Sent!' }));

/** The chat, signed in, drawn and ready for typing. */
async function openChat() {
  const app = renderApp(paths.chat, { user: ASHA });
  await screen.findByRole('heading', { level: 1, name: 'Chat with Facilitator' });
  return app;
}

/** Replaces what the box holds, as a person pasting it would (Playwright's fill). */
async function fill(user: UserEvent, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.paste(text);
}

preloadScreens(paths.chat);
beforeEach(emptyIndexedDb);

test('counts the characters, names the attachment limit, and leads back to the menu', async () => {
  const app = await openChat();
  expect(screen.getByRole('textbox', { name: 'Message', description: '0/500 characters' })).toBe(message());
  await app.user.type(message(), 'Hello');
  expect(screen.getByText('5/500 characters', { exact: true })).toBeTruthy();
  const hint = screen.getByText('Images, videos or audio only, up to 10 files and 10.00 MB in total.', { exact: true });
  expect(picker().getAttribute('aria-describedby')).toBe(hint.id);
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await waitFor(() => expect(app.path()).toBe(paths.menu));
});

// Which messages pass is the rules' unit table (tests/unit/shared/rules): here, one of each refusal.
test.each([
  ['only blanks', 'Please enter a message', '    '],
  ['501 characters', 'Message must be 500 characters or less', 'x'.repeat(501)],
])('refuses a message of %s: %s', async (_what, problem, typed) => {
  const app = await openChat();
  await fill(app.user, message(), typed);
  await app.user.click(sendButton());
  await findToast('error', problem);
  expect(isDisabled(sendButton())).toBe(false);
  expect(app.webhook.requests).toHaveLength(0);
});

test('drops a file of another type and lists the others with their sizes, a photo with its thumbnail', async () => {
  await openChat();
  // A picker may hand over what its accept list leaves out (Playwright's setInputFiles does): the rules still apply.
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(picker(), [PHOTO, PDF, VOICE]);
  await findToast('error', 'notes.pdf is not a valid file type');
  const [photo, voice] = attached();
  expect(attached()).toHaveLength(2);
  expect(photo?.textContent).toMatch(/photo\.png.*1\.50 KB/);
  expect(voice?.textContent).toMatch(/voice note\.mp3.*700 Bytes/);
  // One data figure for the whole message: what it costs to send (both files' base64), no running total.
  expect(screen.getByText('About 2.91 KB to send', { exact: true })).toBeTruthy();
  expect(screen.queryAllByText(/ used$/)).toHaveLength(0);
  // The photo's thumbnail is drawn from the phone's own file (the browser suite sees it decode); the voice note has none.
  const thumbnail = photo?.querySelector('img')?.getAttribute('src') ?? '';
  const drawn = resolveObjectURL(thumbnail);
  expect(drawn && (await bytesOf(drawn)).equals(await bytesOf(PHOTO))).toBe(true);
  expect(voice?.querySelector('img')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
  expect(attached()).toHaveLength(1);
  expect(attached()[0]?.textContent).toMatch(/^voice note\.mp3/);
});

test('refuses a file that would take the attachments past 10 MB, naming it and the limit', async () => {
  const app = await openChat();
  await app.user.upload(picker(), [
    mediaFile('lesson.mp4', 'video/mp4', 6 * MB),
    mediaFile('recital.mp4', 'video/mp4', 5 * MB),
  ]);
  await findToast('error', 'recital.mp4 was not added: attachments can add up to 10.00 MB at most');
  expect(attached().map((item) => item.textContent)).toEqual([expect.stringMatching(/^lesson\.mp4/)]);
});

// The webhook refuses these too; the screen says why before anything is sent.
test('refuses an eleventh file, a renamed HTML page, an SVG and an empty file, each with its reason', async () => {
  const app = await openChat();
  const drawings = Array.from({ length: 11 }, (_, i) => mediaFile(`drawing-${i + 1}.png`, 'image/png', 64));
  await app.user.upload(picker(), [
    phoneFile('homework.png', 'image/png', HOSTILE_HEADS['an HTML page']),
    phoneFile('badge.svg', 'image/svg+xml', HOSTILE_HEADS['an SVG image with a script']),
    phoneFile('blank.png', 'image/png', new Uint8Array(0)),
    ...drawings,
  ]);
  await findToast('error', "homework.png was not added: its contents don't match its type");
  await findToast('error', "badge.svg was not added: this kind of file can't be sent");
  await findToast('error', 'blank.png was not added: the file is empty');
  await findToast('error', 'drawing-11.png was not added: a message can carry 10 files at most');
  const names = () => attached().map((item) => item.textContent?.match(/^drawing-\d+\.png/)?.[0]);
  expect(names()).toEqual(drawings.slice(0, 10).map(({ name }) => name));

  // Room for one again once one is removed.
  await app.user.click(screen.getByRole('button', { name: 'Remove drawing-1.png' }));
  await app.user.upload(picker(), drawings.slice(10));
  await waitFor(() => expect(names()).toHaveLength(10));
  expect(names().at(-1)).toBe('drawing-11.png');
});

test('sends the trimmed message with the files as base64, then shows the channel and the answer', async () => {
  const app = await openChat();
  app.webhook.reply({ body: { message: 'Thanks, your facilitator will reply soon.', slackChannel: '#parents-asha' } });
  await fill(app.user, message(), '  Can we talk about reading practice?  ');
  await app.user.upload(picker(), [PHOTO, VOICE]);
  await waitFor(() => expect(attached()).toHaveLength(2));
  await app.user.click(sendButton());

  await findToast('success', 'Message sent successfully!');
  const panel = sentPanel();
  expect(panel?.textContent).toContain('Channel: #parents-asha');
  expect(panel?.textContent).toContain('Thanks, your facilitator will reply soon.');

  expect(app.webhook.requests).toHaveLength(1);
  const body = app.webhook.requests[0]?.body as Record<string, unknown> & {
    payload: { attachments: SentAttachment[] };
  };
  expect(Object.keys(body).sort()).toEqual(['action', 'language', 'payload', 'request_id', 'timestamp_ist', 'user']);
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
    expect(Buffer.from(content, 'base64').equals(await bytesOf(file))).toBe(true);
  }

  await app.user.click(screen.getByRole('button', { name: 'Send Another Message' }));
  expect((message() as HTMLTextAreaElement).value).toBe('');
  // The pressed button is gone: focus lands on what holds the form again, not on the page.
  const focused = document.activeElement;
  expect(focused?.querySelector(':scope > form')).not.toBeNull();
  expect(screen.getByRole('main').contains(focused)).toBe(true);
  expect(screen.getByText('0/500 characters', { exact: true })).toBeTruthy();
  expect(fileList()).toBeNull();
});

test('sends an empty attachment list and shows no channel when none came back', async () => {
  const app = await openChat();
  app.webhook.reply({ body: 'Received' });
  await app.user.type(message(), 'Hello');
  await app.user.click(sendButton());
  await screen.findByRole('heading', { name: '✓ Sent!' });
  expect(sentPanel()?.textContent).toContain('Received');
  expect(sentPanel()?.textContent).not.toContain('Channel:');
  expect(app.webhook.requests.map((request) => request.body)).toEqual([
    expect.objectContaining({ payload: { message: 'Hello', attachments: [] } }),
  ]);
});

// A 4xx is a refusal: the request itself is at fault, so it is not kept for later (5xx is; see outbox-*.spec.ts).
test('shows the server text of a refusal in an Error panel and keeps the message and files', async () => {
  const app = await openChat();
  app.webhook.reply({ status: 422, body: 'This channel takes no messages today' });
  await app.user.type(message(), 'Hello');
  await app.user.upload(picker(), [PHOTO]);
  await waitFor(() => expect(attached()).toHaveLength(1));
  await app.user.click(sendButton());
  const panel = await screen.findByRole('alert');
  expect(within(panel).getByRole('heading', { name: 'Error' })).toBeTruthy();
  expect(within(panel).getByText('This channel takes no messages today', { exact: true })).toBeTruthy();
  await findToast('error', 'Failed to send message');
  expect((message() as HTMLTextAreaElement).value).toBe('Hello');
  expect(attached()[0]?.textContent).toContain('photo.png');
});

test('says Failed to send message when the failed answer is empty', async () => {
  const app = await openChat();
  app.webhook.reply({ status: 400, body: '' });
  await app.user.type(message(), 'Hello');
  await app.user.click(sendButton());
  const panel = await screen.findByRole('alert');
  expect(within(panel).getByText('Failed to send message', { exact: true })).toBeTruthy();
  await findToast('error', 'Failed to send message');
});

test('shows a spinner while sending and a double tap sends once', async () => {
  const app = await openChat();
  const answer = app.webhook.hold({ body: 'OK' });
  await app.user.type(message(), 'Hello');
  await app.user.dblClick(sendButton());
  await answer.arrived;
  await waitFor(() => expect(isDisabled(sendButton())).toBe(true));
  expect(sendButton().querySelector('.spinner')).not.toBeNull();
  answer.release();
  await screen.findByRole('heading', { name: '✓ Sent!' });
  // A second message would wait in the outbox behind the first and go once it was answered: none waits.
  await waitFor(async () => expect(await createOutboxStore().count()).toBe(0));
  expect(app.webhook.requests).toHaveLength(1);
});

const SENTENCES = ['Running late today', 'My child will be absent today', 'Please call me back', 'Thank you!'];
const chip = (name: string) =>
  within(screen.getByRole('group', { name: 'Quick messages' })).getByRole('button', { name });

test('offers four ready sentences as buttons', async () => {
  await openChat();
  const chips = within(screen.getByRole('group', { name: 'Quick messages' })).getAllByRole('button');
  expect(chips.map((button) => button.textContent)).toEqual(SENTENCES);
});

test('a quick message fills the empty box and moves focus there, and sends nothing', async () => {
  const app = await openChat();
  await app.user.click(chip('My child will be absent today'));
  expect((message() as HTMLTextAreaElement).value).toBe('My child will be absent today');
  expect(document.activeElement).toBe(message());
  expect(screen.getByText('29/500 characters', { exact: true })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: '✓ Sent!' })).toBeNull();
  expect(app.webhook.requests).toHaveLength(0);
});

test('a quick message follows what is typed, and it can be edited before sending', async () => {
  const app = await openChat();
  app.webhook.reply({ body: 'OK' });
  await fill(app.user, message(), 'Good morning.');
  await app.user.click(chip('Please call me back'));
  expect((message() as HTMLTextAreaElement).value).toBe('Good morning. Please call me back');
  await app.user.keyboard(' after six');
  await app.user.click(chip('Thank you!'));
  expect((message() as HTMLTextAreaElement).value).toBe('Good morning. Please call me back after six Thank you!');
  await app.user.click(sendButton());
  await screen.findByRole('heading', { name: '✓ Sent!' });
  expect(app.webhook.requests[0]?.body).toMatchObject({
    payload: { message: 'Good morning. Please call me back after six Thank you!' },
  });
});
