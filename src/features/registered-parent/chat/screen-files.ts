import { ATTACHMENTS_MAX_TOTAL_BYTES, isAllowedAttachmentType } from '../../../shared/rules/attachment.ts';

/** Why a file was not attached; each has its own text in the catalog (refusalText). */
export type RefusalReason = 'type' | 'size';

export interface Refusal {
  name: string;
  reason: RefusalReason;
}

/** A file as the person picked or shared it, and the smaller copy the data saver made of it, if any. */
export interface PreparedFile {
  original: File;
  smaller: File | undefined;
}

export interface Screened {
  accepted: PreparedFile[];
  refused: Refusal[];
}

/** Makes the smaller copy of a file, or undefined to send it as it is. */
export type PrepareFile = (file: File) => Promise<File | undefined>;

export const keepAsItIs: PrepareFile = async () => undefined;

export function totalBytes(files: readonly { size: number }[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/** What the attachments cost over the network: base64 turns every 3 bytes into 4 characters. */
export function base64Bytes(files: readonly { size: number }[]): number {
  return files.reduce((sum, file) => sum + 4 * Math.ceil(file.size / 3), 0);
}

/**
 * Which newly picked or shared files may join those already attached, in
 * the order they came: images, videos and audio only (spec §5), and only
 * while everything that will be sent stays within the size cap. The cap
 * counts what is actually sent, so a photo is measured after the data saver
 * has made it smaller (`prepare`). A file that would pass the cap is refused
 * on its own, so a smaller one after it can still fit.
 */
export async function screenFiles(
  attached: readonly { size: number }[],
  picked: readonly File[],
  prepare: PrepareFile = keepAsItIs,
  maxTotalBytes: number = ATTACHMENTS_MAX_TOTAL_BYTES,
): Promise<Screened> {
  let total = totalBytes(attached);
  const screened: Screened = { accepted: [], refused: [] };
  for (const file of picked) {
    if (!isAllowedAttachmentType(file.type)) {
      screened.refused.push({ name: file.name, reason: 'type' });
      continue;
    }
    const smaller = await prepare(file);
    const sent = smaller ?? file;
    if (total + sent.size > maxTotalBytes) {
      screened.refused.push({ name: file.name, reason: 'size' });
    } else {
      screened.accepted.push({ original: file, smaller });
      total += sent.size;
    }
  }
  return screened;
}
