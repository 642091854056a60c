import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { paths } from '../../../../src/config/paths.ts';
import { DATA_SAVER_KEY } from '../../../../src/features/conversation/compose/data-saver.ts';
import { formatFileSize } from '../../../../src/shared/rules/sizes.ts';
import { ASHA } from '../../../support/people.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { bytesOf, MB, mediaFile } from '../../../support/screen/phone-files.ts';
import { answerPhotos, jpegCopyOf, photoWorkerAvailable } from '../../../support/screen/photo-worker.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { findToast, renderApp, type RenderedApp } from '../../../support/screen/render-app.tsx';

interface SentAttachment {
  filename: string;
  mimetype: string;
  content: string;
}

const PHOTO_NAME = 'IMG_20261123_0915.jpeg';
/** A camera photo, as large as the browser suite's 4000×3000 one; its smaller copy is a fifth of it. */
const PHOTO = mediaFile(PHOTO_NAME, 'image/jpeg', 1_500_000);
const SMALLER = 300_000;

const saverSwitch = () => screen.getByRole('checkbox', { name: 'Data saver: make photos smaller' });
const sendOriginal = () => screen.queryByRole('checkbox', { name: `Send original ${PHOTO_NAME}` });
const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Attached files' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent.includes(name));
const rowText = (name: string) => row(name)?.textContent ?? '';

async function openChat(): Promise<RenderedApp> {
  const app = renderApp(paths.chat, { user: ASHA });
  await screen.findByRole('heading', { level: 1, name: 'Chat with Facilitator' });
  return app;
}

/** Picks `files` and waits until the data saver has done with them. */
async function attach(app: RenderedApp, files: File[]): Promise<void> {
  await app.user.upload(screen.getByLabelText('Add Files'), files);
  await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(files.length));
}

async function sendAndReadAttachments(app: RenderedApp): Promise<SentAttachment[]> {
  app.webhook.reply({ body: 'OK' });
  await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Our drawing');
  await app.user.click(screen.getByRole('button', { name: 'Send Message' }));
  await screen.findByRole('heading', { name: '✓ Sent!' });
  expect(app.webhook.requests).toHaveLength(1);
  return (
    (app.webhook.requests[0]?.body as { payload: { attachments: SentAttachment[] } } | undefined)?.payload
      .attachments ?? []
  );
}

async function expectSentAsTaken(app: RenderedApp, photo: File): Promise<void> {
  const [sent] = await sendAndReadAttachments(app);
  expect({ filename: sent?.filename, mimetype: sent?.mimetype }).toEqual({
    filename: photo.name,
    mimetype: photo.type,
  });
  expect(Buffer.from(sent?.content ?? '', 'base64').equals(await bytesOf(photo))).toBe(true);
}

preloadScreens(paths.chat);
beforeEach(async () => {
  await emptyIndexedDb();
  photoWorkerAvailable();
  answerPhotos(jpegCopyOf(SMALLER));
});

test("'Send Original' takes the smaller copy back and sends the exact bytes under their own name", async () => {
  const app = await openChat();
  await attach(app, [PHOTO]);
  await waitFor(() => expect(rowText(PHOTO_NAME)).toContain(`${formatFileSize(PHOTO.size)} → `));
  expect(screen.getByText(`About ${formatFileSize(4 * Math.ceil(SMALLER / 3))} to send`, { exact: true })).toBeTruthy();

  await app.user.click(sendOriginal() as HTMLElement);
  expect((sendOriginal() as HTMLInputElement).checked).toBe(true);
  expect(rowText(PHOTO_NAME)).not.toContain('→');
  expect(
    screen.getByText(`About ${formatFileSize(4 * Math.ceil(PHOTO.size / 3))} to send`, { exact: true }),
  ).toBeTruthy();
  await expectSentAsTaken(app, PHOTO);
});

test('turned off, it stays off on this phone and photos go as taken', async () => {
  let app = await openChat();
  expect((saverSwitch() as HTMLInputElement).checked).toBe(true);
  await app.user.click(saverSwitch());
  expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');

  // The chat opened again on this phone reads the setting it left (tests/e2e/prerender.spec.ts has the page's start).
  cleanup();
  app = await openChat();
  expect((saverSwitch() as HTMLInputElement).checked).toBe(false);
  await attach(app, [PHOTO]);
  expect(rowText(PHOTO_NAME)).toContain(formatFileSize(PHOTO.size));
  expect(rowText(PHOTO_NAME)).not.toContain('→');
  expect(sendOriginal()).toBeNull();
  await expectSentAsTaken(app, PHOTO);
});

test('a photo the browser cannot decode is sent as it is', async () => {
  answerPhotos(() => null);
  const app = await openChat();
  const broken = mediaFile('broken.png', 'image/png', 40_000);
  await attach(app, [broken]);
  expect(rowText('broken.png')).toContain(formatFileSize(broken.size));
  expect(within(row('broken.png') as HTMLElement).queryByRole('checkbox')).toBeNull();
  await expectSentAsTaken(app, broken);
});

test('where the browser cannot re-encode off the main thread, photos go as taken', async () => {
  vi.stubGlobal('OffscreenCanvas', undefined);
  const app = await openChat();
  await attach(app, [PHOTO]);
  expect(rowText(PHOTO_NAME)).toContain(formatFileSize(PHOTO.size));
  expect(rowText(PHOTO_NAME)).not.toContain('→');
  expect(sendOriginal()).toBeNull();
  await expectSentAsTaken(app, PHOTO);
});

test('the 10 MB cap counts what is sent: the original may not take it past', async () => {
  const app = await openChat();
  await attach(app, [mediaFile('recital.mp4', 'video/mp4', 9 * MB), PHOTO]);
  await waitFor(() => expect(sendOriginal()).not.toBeNull());
  await app.user.click(sendOriginal() as HTMLElement);
  await findToast(
    'error',
    `The original of ${PHOTO_NAME} would take the attachments past 10.00 MB, so the smaller copy stays`,
  );
  expect((sendOriginal() as HTMLInputElement).checked).toBe(false);
  expect(rowText(PHOTO_NAME)).toContain('→');
  expect(app.webhook.requests).toHaveLength(0);
});
