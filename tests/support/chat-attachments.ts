/** Helpers for the chat specs: files to attach, what the webhook received of them, and the chat form's controls. */
import { writeFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import { HOSTILE_HEADS, sampleFile, type SampleType } from './media-samples.ts';

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface SentAttachment {
  filename: string;
  mimetype: string;
  content: string;
}

export const MB = 1024 * 1024;

/** A file of `size` bytes that starts as real files of its type do (tests/support/media-samples.ts). */
export function mediaFile(name: string, mimeType: SampleType, size = 2048): TestFile {
  return { name, mimeType, buffer: sampleFile(mimeType, size) };
}

/** A document: not an image, video or audio file. */
export const PDF: TestFile = { name: 'notes.pdf', mimeType: 'application/pdf', buffer: HOSTILE_HEADS['a PDF'] };

/** The attachments of the chat request a recording webhook received. */
export function sentAttachments(body: unknown): SentAttachment[] {
  return (body as { payload: { attachments: SentAttachment[] } }).payload.attachments;
}

/** Names and types sent, and whether each one's base64 decodes to exactly the given file's bytes. */
export function describeSent(sent: readonly SentAttachment[], files: readonly TestFile[]) {
  return sent.map(({ filename, mimetype, content }, index) => ({
    filename,
    mimetype,
    sameBytes: Buffer.from(content, 'base64').equals(files[index]?.buffer ?? Buffer.alloc(0)),
  }));
}

export const message = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
export const fileList = (page: Page) => page.getByRole('list', { name: 'Attached files' });
export const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Message' });

/** Writes files to the test's output folder: a path crosses into the browser far faster than a 10 MB buffer. */
export async function onDisk(files: readonly { name: string; buffer: Buffer }[]): Promise<string[]> {
  return Promise.all(
    files.map(async ({ name, buffer }) => {
      const path = test.info().outputPath(name);
      await writeFile(path, buffer);
      return path;
    }),
  );
}
