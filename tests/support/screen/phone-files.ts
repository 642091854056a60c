/**
 * Files as a phone's picker hands them to the page, for Testing Library's `user.upload`: the platform's own File
 * (Node's, as a browser has it), not the test DOM's. The chat keeps attachments as Blobs in IndexedDB until they are
 * sent, and only the platform's keep their bytes through fake-indexeddb's structured clone; the test DOM's come back
 * empty.
 */
import { File as PlatformFile } from 'node:buffer';
import { sampleFile, type SampleType } from '../media-samples.ts';

export const MB = 1024 * 1024;

/** A file named `name` of type `type` holding exactly `bytes`. */
export function phoneFile(name: string, type: string, bytes: Uint8Array): File {
  return new PlatformFile([bytes], name, { type }) as unknown as File;
}

/** A file of `size` bytes that starts as real files of its type do (tests/support/media-samples.ts). */
export function mediaFile(name: string, type: SampleType, size = 2048): File {
  return phoneFile(name, type, sampleFile(type, size));
}

/** The bytes of a file, to compare with what was sent. */
export async function bytesOf(file: Pick<Blob, 'arrayBuffer'>): Promise<Buffer> {
  return Buffer.from(await file.arrayBuffer());
}
