/** Files for the chat specs (not a spec): bytes that start as real files of their type do, then vary by seed. */
import type { Page } from '@playwright/test';
import { SESSION_USER_KEY } from '../../src/shared/session/session-user.ts';
import { openInstalled } from '../support/axe.ts';
import { ASHA } from '../support/registered-parent.ts';

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

/** The first bytes a sniffer looks for, per type. */
const SIGNATURES: Record<string, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'audio/mpeg': Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000', 'binary'),
  'video/mp4': Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]),
  'application/pdf': Buffer.from('%PDF-1.7\n', 'binary'),
  'text/html': Buffer.from('<!DOCTYPE html><html><body>', 'binary'),
};

/** `length` bytes that begin with the type's signature (when there is one) and differ by `seed` after it. */
export function fileOf(name: string, mimeType: string, length: number, seed = 1): TestFile {
  const buffer = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) buffer[i] = (i * 131 + seed) % 256;
  SIGNATURES[mimeType]?.copy(buffer, 0, 0, Math.min(length, SIGNATURES[mimeType]?.length ?? 0));
  return { name, mimeType, buffer };
}

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

/**
 * Signed in, then `path`, once the first visit's 'Ready to work offline'
 * toast has gone: axe must not measure it half-faded.
 */
export async function openSignedInInstalled(page: Page, path: string): Promise<void> {
  await openInstalled(page, '/');
  await page.evaluate(({ key, user }) => sessionStorage.setItem(key, user), {
    key: SESSION_USER_KEY,
    user: JSON.stringify(ASHA),
  });
  await page.goto(path);
}
