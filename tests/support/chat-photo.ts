import type { Page } from '@playwright/test';

/** EXIF orientation 6: the stored pixels must be turned 90° clockwise to stand upright (a phone held upright). */
const ROTATE_CLOCKWISE = 6;

/** An APP1 EXIF segment with one tag, Orientation, in big-endian TIFF. */
function exifOrientationSegment(orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // 'MM', 42, first IFD at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    orientation >> 8,
    orientation & 0xff,
    0x00,
    0x00, // Orientation SHORT
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const length = body.length + 2;
  return Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), body]);
}

/** A JPEG with an EXIF orientation spliced in right after its start-of-image marker, where readers look first. */
export function withExifOrientation(jpeg: Buffer, orientation = ROTATE_CLOCKWISE): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  return Buffer.concat([jpeg.subarray(0, 2), exifOrientationSegment(orientation), jpeg.subarray(2)]);
}

/**
 * A camera-like JPEG drawn by the browser: noise over soft gradients (so it
 * compresses like a photo, not like a flat drawing), with a red block in the
 * stored image's top-left corner to tell which way up it arrives.
 */
export async function cameraJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const image = context.createImageData(width, height);
      const { data } = image;
      let seed = 42;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const noise = (seed >> 16) % 48;
          const at = (y * width + x) * 4;
          data[at] = 40 + (x * 160) / width + noise;
          data[at + 1] = 90 + (y * 120) / height + noise;
          data[at + 2] = 150 + noise;
          data[at + 3] = 255;
        }
      }
      context.putImageData(image, 0, 0);
      context.fillStyle = 'rgb(230, 20, 20)';
      context.fillRect(0, 0, width / 4, height / 4);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

export interface DecodedImage {
  width: number;
  height: number;
  /** Average colour of a small square around each point, as [r, g, b]. */
  colours: Record<string, [number, number, number]>;
}

/** Decodes image bytes in the browser and samples colours at points given as fractions of width and height. */
export async function decodeInBrowser(
  page: Page,
  bytes: Buffer,
  points: Record<string, [number, number]>,
): Promise<DecodedImage> {
  return page.evaluate(
    async ({ base64, points }) => {
      const binary = atob(base64);
      const data = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data]), { imageOrientation: 'from-image' });
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      const colours: Record<string, [number, number, number]> = {};
      for (const [name, [fx, fy]] of Object.entries(points)) {
        const x = Math.round(fx * bitmap.width);
        const y = Math.round(fy * bitmap.height);
        const { data: pixels } = context.getImageData(x - 2, y - 2, 5, 5);
        let [r, g, b] = [0, 0, 0];
        for (let i = 0; i < pixels.length; i += 4) {
          r += pixels[i] ?? 0;
          g += pixels[i + 1] ?? 0;
          b += pixels[i + 2] ?? 0;
        }
        const pixelCount = pixels.length / 4;
        colours[name] = [r, g, b].map((sum) => Math.round(sum / pixelCount)) as [number, number, number];
      }
      return { width: bitmap.width, height: bitmap.height, colours };
    },
    { base64: bytes.toString('base64'), points },
  );
}
