import { isShrinkablePhoto, jpegName, PHOTO_OUTPUT_TYPE } from './photo-rules.ts';

export interface ShrinkRequest {
  id: number;
  photo: Blob;
}

export interface ShrinkResponse {
  id: number;
  /** The re-encoded photo, or null when it could not be decoded or encoded. */
  blob: Blob | null;
}

/** Long enough for a 50-megapixel photo on a slow phone; a worker that says nothing by then is not waited for. */
const SHRINK_TIMEOUT_MS = 30_000;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (blob: Blob | null) => void>();

function settleAll(): void {
  for (const resolve of waiting.values()) resolve(null);
  waiting.clear();
}

function photoWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./shrink-photo.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', ({ data }: MessageEvent<ShrinkResponse>) => {
      waiting.get(data.id)?.(data.blob);
      waiting.delete(data.id);
    });
    // A worker that fails to load or crashes answers nobody: its photos go as they are, and the next gets a new one.
    worker.addEventListener('error', () => {
      worker?.terminate();
      worker = undefined;
      settleAll();
    });
  }
  return worker;
}

function reencodeInWorker(photo: Blob): Promise<Blob | null> {
  return new Promise((resolve) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, SHRINK_TIMEOUT_MS);
    waiting.set(id, (blob) => {
      clearTimeout(timer);
      resolve(blob);
    });
    photoWorker().postMessage({ id, photo } satisfies ShrinkRequest);
  });
}

/** Whether this browser can re-encode photos off the main thread; where it cannot, originals are sent. */
export function canShrinkPhotos(): boolean {
  return (
    typeof Worker === 'function' && typeof OffscreenCanvas === 'function' && typeof createImageBitmap === 'function'
  );
}

/**
 * The data saver: a smaller JPEG copy of a still photo, made in a
 * worker (shrink-photo.worker.ts), or undefined when the file is not such a
 * photo, this browser cannot re-encode, the decode fails, or the copy would
 * not be smaller: then the original is what gets sent.
 */
export async function shrinkPhoto(file: File): Promise<File | undefined> {
  if (!isShrinkablePhoto(file.type) || !canShrinkPhotos()) return undefined;
  const blob = await reencodeInWorker(file);
  if (!blob || blob.size >= file.size) return undefined;
  return new File([blob], jpegName(file.name), { type: PHOTO_OUTPUT_TYPE, lastModified: file.lastModified });
}
