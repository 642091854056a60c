/**
 * Re-encodes one photo at a time off the main thread: decoded with its EXIF
 * orientation applied, scaled so its longest edge is at most 1600 px, drawn
 * on white (a transparent PNG would otherwise turn black) and encoded as
 * JPEG. Nothing of the original's metadata (EXIF, location) is carried over,
 * which is right for photos of children. Answers `null` when it cannot
 * decode or encode, so the page sends the original.
 */
import { fitWithin, PHOTO_OUTPUT_TYPE, PHOTO_QUALITY } from './photo-rules.ts';
import type { ShrinkRequest, ShrinkResponse } from './shrink-photo.ts';

async function reencode(photo: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context in this worker');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await canvas.convertToBlob({ type: PHOTO_OUTPUT_TYPE, quality: PHOTO_QUALITY });
  } finally {
    bitmap.close();
  }
}

addEventListener('message', (event: MessageEvent<ShrinkRequest>) => {
  const { id, photo } = event.data;
  const answer = (blob: Blob | null) => postMessage({ id, blob } satisfies ShrinkResponse);
  reencode(photo).then(answer, () => answer(null));
});
