import { createHash } from 'node:crypto';
import {
  ATTACHMENTS_MAX_TOTAL_BYTES,
  displayFileName,
  SNIFF_BYTES,
  sniffMatches,
} from '../../src/shared/rules/attachment.ts';
import type { Attachment, Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { DecodedAttachment } from '../db/request-store.ts';
import type { AnyEnvelope } from './contract.ts';

export type DecodeResult =
  | { ok: true; attachments: DecodedAttachment[] }
  | { ok: false; status: 400 | 413; reason: string };

/** Strict base64: it must decode, and encode back to exactly the same text. */
function decodeBase64(content: string): Buffer | undefined {
  const bytes = Buffer.from(content, 'base64');
  return bytes.toString('base64') === content ? bytes : undefined;
}

/**
 * Decodes each file the schema let through (an allowed type, not empty, at
 * most ATTACHMENTS_MAX_COUNT of them) and holds it to the rest of the
 * portal's attachment rule: its first bytes must be of the declared type,
 * and all files together may hold at most ATTACHMENTS_MAX_TOTAL_BYTES. A
 * file's name is kept only as a display name, with its checked type's
 * extension; a refusal names the file as it was sent. A refusal is in
 * `language`.
 */
export function decodeAttachments(files: readonly Attachment[], language: Language): DecodeResult {
  const attachments: DecodedAttachment[] = [];
  let total = 0;
  for (const file of files) {
    const filename = displayFileName(file.filename);
    const bytes = decodeBase64(file.content);
    if (!bytes) return { ok: false, status: 400, reason: answerText(language, 'invalidBase64', { filename }) };
    if (!sniffMatches(file.mimetype, bytes.subarray(0, SNIFF_BYTES))) {
      const reason = answerText(language, 'contentNotOfType', { filename, mimetype: file.mimetype });
      return { ok: false, status: 400, reason };
    }
    total += bytes.length;
    if (total > ATTACHMENTS_MAX_TOTAL_BYTES) {
      return { ok: false, status: 413, reason: answerText(language, 'attachmentsTooLarge') };
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Kept with its checked type's extension: a PNG sent as report.html is stored as report.png.
    attachments.push({
      filename: displayFileName(file.filename, file.mimetype),
      mimetype: file.mimetype,
      bytes,
      sha256,
    });
  }
  return { ok: true, attachments };
}

/** The envelope's files decoded as above: none for an action that carries no files. */
export function decodeEnvelopeAttachments(envelope: AnyEnvelope): DecodeResult {
  return envelope.action === 'chat_facilitator'
    ? decodeAttachments(envelope.payload.attachments, envelope.language ?? 'en')
    : { ok: true, attachments: [] };
}
