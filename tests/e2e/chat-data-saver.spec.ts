import type { Page } from '@playwright/test';
import { formatFileSize } from '../../src/shared/rules/sizes.ts';
import { expect, test } from './fixtures.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { fileList, mediaFile, message, onDisk, sendButton, sentAttachments } from '../support/chat-attachments.ts';
import { cameraJpeg, decodeInBrowser, withExifOrientation } from '../support/chat-photo.ts';
import { expectAccessible } from '../support/axe.ts';

const CHAT = '/registered-parent/chat';
const PHOTO_NAME = 'IMG_20261123_0915.jpeg';

const cameraPhotos = new Map<string, Buffer>();

/** A camera JPEG whose EXIF says to turn it 90° clockwise, as phones held upright write them; made once per size. */
async function uprightPortraitPhoto(page: Page, width: number, height: number): Promise<Buffer> {
  const size = `${width}×${height}`;
  const photo = cameraPhotos.get(size) ?? withExifOrientation(await cameraJpeg(page, width, height));
  cameraPhotos.set(size, photo);
  return photo;
}

async function attach(page: Page, files: { name: string; buffer: Buffer }[]): Promise<void> {
  await page.getByLabel('Add Files').setInputFiles(await onDisk(files));
}

const row = (page: Page, name: string) => fileList(page).getByRole('listitem').filter({ hasText: name });
const saverSwitch = (page: Page) => page.getByRole('checkbox', { name: 'Data saver: make photos smaller' });
const sendOriginal = (page: Page) => page.getByRole('checkbox', { name: `Send original ${PHOTO_NAME}` });

async function sendAndReadAttachments(
  page: Page,
  webhook: { waitForRequests(n: number): Promise<{ body: unknown }[]> },
) {
  await message(page).fill('Our drawing');
  await sendButton(page).click();
  await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible({ timeout: 20_000 });
  const [request] = await webhook.waitForRequests(1);
  return sentAttachments(request?.body);
}

test.describe('data saver', () => {
  test('a 4000×3000 photo with EXIF orientation 6 arrives upright, at most 1600 px long and 5× smaller', async ({
    page,
    webhook,
  }) => {
    webhook.reply({ body: 'OK' });
    await openSignedIn(page, CHAT);
    const photo = await uprightPortraitPhoto(page, 4000, 3000);
    // The test photo itself stands upright only through its EXIF: 3000 wide, 4000 high, red at the top right.
    const original = await decodeInBrowser(page, photo, { redCorner: [0.9, 0.1] });
    expect({ width: original.width, height: original.height }).toEqual({ width: 3000, height: 4000 });

    await expect(saverSwitch(page)).toBeChecked();
    await attach(page, [{ name: PHOTO_NAME, buffer: photo }, mediaFile('song.mp3', 'audio/mpeg', 700)]);
    await expect(row(page, PHOTO_NAME)).toContainText(`${formatFileSize(photo.length)} → `);
    await expect(row(page, 'song.mp3').getByRole('checkbox')).toHaveCount(0);
    const cost = await page.getByText(/^About .+ to send$/).textContent();

    const [sent] = await sendAndReadAttachments(page, webhook);
    expect(sent?.filename).toBe('IMG_20261123_0915.jpg');
    expect(sent?.mimetype).toBe('image/jpeg');
    const bytes = Buffer.from(sent?.content ?? '', 'base64');
    expect(bytes.length * 5).toBeLessThanOrEqual(photo.length);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    // What the screen said would go over the network: both files' base64, to the byte as formatted.
    const base64Total = (sent?.content.length ?? 0) + 4 * Math.ceil(700 / 3);
    expect(cost).toBe(`About ${formatFileSize(base64Total)} to send`);

    const received = await decodeInBrowser(page, bytes, {
      topRight: [0.9, 0.1],
      topLeft: [0.1, 0.1],
      bottomRight: [0.9, 0.9],
    });
    expect({ width: received.width, height: received.height }).toEqual({ width: 1200, height: 1600 });
    const isRed = ([r, g, b]: [number, number, number]) => r > 180 && g < 80 && b < 80;
    expect(Object.entries(received.colours).map(([at, colour]) => [at, isRed(colour)])).toEqual([
      ['topRight', true],
      ['topLeft', false],
      ['bottomRight', false],
    ]);
  });

  test('is accessible and works with the keyboard alone', async ({ page, webhook }) => {
    webhook.reply({ body: 'OK' });
    await openSignedIn(page, CHAT);
    // Longer than the data saver's limit, so it is still made smaller, but a quarter of the first test's pixels:
    // this test is about the keyboard, not about shrinking a camera photo.
    const photo = await uprightPortraitPhoto(page, 2000, 1500);
    await attach(page, [{ name: PHOTO_NAME, buffer: photo }]);
    await expect(row(page, PHOTO_NAME)).toContainText('→');
    await expectAccessible(page, 'chat, a photo made smaller');

    await message(page).focus();
    await page.keyboard.type('Sent by keyboard');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Record Voice Note' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Add Files')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(saverSwitch(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `Remove ${PHOTO_NAME}` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sendOriginal(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(sendOriginal(page)).toBeChecked();
    await expect(row(page, PHOTO_NAME)).not.toContainText('→');
    await page.keyboard.press('Tab');
    await expect(sendButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible({ timeout: 20_000 });
    const [request] = await webhook.waitForRequests(1);
    const [sent] = sentAttachments(request?.body);
    expect({ filename: sent?.filename, mimetype: sent?.mimetype }).toEqual({
      filename: PHOTO_NAME,
      mimetype: 'image/jpeg',
    });
    expect(Buffer.from(sent?.content ?? '', 'base64').equals(photo)).toBe(true);
  });
});
