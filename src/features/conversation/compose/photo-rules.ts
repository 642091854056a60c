/**
 * The data saver's rules for photos: what is re-encoded, to what
 * size and quality, and under which name. Read by the page and by the worker
 * that does the re-encoding, so both agree.
 */

/** The longest edge a re-encoded photo may have: sharp on any phone screen, a fraction of a camera's 4000 px. */
export const PHOTO_MAX_EDGE = 1600;

/** JPEG quality of a re-encoded photo: no visible loss at phone size. */
export const PHOTO_QUALITY = 0.8;

export const PHOTO_OUTPUT_TYPE = 'image/jpeg';

/**
 * Still photos a browser may decode. GIFs are left alone (their animation
 * would be lost), and so are videos and audio. HEIC/HEIF decode only where
 * the browser can; elsewhere the decode fails and the original is sent.
 */
const SHRINKABLE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);

export function isShrinkablePhoto(mimeType: string): boolean {
  return SHRINKABLE_TYPES.has(mimeType.toLowerCase());
}

/** The size that keeps the aspect ratio with the longest edge at most `maxEdge`; never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number = PHOTO_MAX_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'IMG_2024.HEIC' → 'IMG_2024.jpg': the re-encoded file is a JPEG, whatever it was. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem || 'photo'}.jpg`;
}
