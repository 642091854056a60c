import { createHash } from 'node:crypto';
import { ATTACHMENTS_MAX_TOTAL_BYTES, isAllowedAttachmentType } from '../../src/shared/rules/attachment.ts';
import type { Attachment } from '../../src/shared/webhook/types.ts';
import type { DecodedAttachment } from '../db/request-store.ts';
import { reasons } from './messages.ts';

export type DecodeResult =
  { ok: true; attachments: DecodedAttachment[] } | { ok: false; status: 400 | 413; reason: string };

/** Strict base64: it must decode, and encode back to exactly the same text. */
function decodeBase64(content: string): Buffer | undefined {
  const bytes = Buffer.from(content, 'base64');
  return bytes.toString('base64') === content ? bytes : undefined;
}

/**
 * Checks each file against the portal's attachment rule and decodes it;
 * all files together may hold at most ATTACHMENTS_MAX_TOTAL_BYTES.
 */
export function decodeAttachments(files: readonly Attachment[]): DecodeResult {
  const attachments: DecodedAttachment[] = [];
  let total = 0;
  for (const file of files) {
    if (!isAllowedAttachmentType(file.mimetype)) {
      return { ok: false, status: 400, reason: reasons.invalidFileType(file.filename) };
    }
    const bytes = decodeBase64(file.content);
    if (!bytes) return { ok: false, status: 400, reason: reasons.invalidBase64(file.filename) };
    total += bytes.length;
    if (total > ATTACHMENTS_MAX_TOTAL_BYTES) {
      return { ok: false, status: 413, reason: reasons.attachmentsTooLarge(ATTACHMENTS_MAX_TOTAL_BYTES) };
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    attachments.push({ filename: file.filename, mimetype: file.mimetype, bytes, sha256 });
  }
  return { ok: true, attachments };
}
