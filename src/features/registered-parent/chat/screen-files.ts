import { ATTACHMENTS_MAX_TOTAL_BYTES, isAllowedAttachmentType } from '../../../shared/rules/attachment.ts';

/** The parts of a File the rules read, so they can be tested without one. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

export interface Screened<F extends FileFacts> {
  accepted: F[];
  refused: { file: F; reason: 'type' | 'size' }[];
}

export function totalBytes(files: readonly FileFacts[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/**
 * Which newly picked files may join those already attached: images, videos
 * and audio only (spec §5), and only while all of them together stay within
 * the size cap. A file that would pass the cap is refused on its own, so a
 * smaller one picked with it can still fit.
 */
export function screenFiles<F extends FileFacts>(
  attached: readonly FileFacts[],
  picked: readonly F[],
  maxTotalBytes: number = ATTACHMENTS_MAX_TOTAL_BYTES,
): Screened<F> {
  let total = totalBytes(attached);
  const screened: Screened<F> = { accepted: [], refused: [] };
  for (const file of picked) {
    if (!isAllowedAttachmentType(file.type)) {
      screened.refused.push({ file, reason: 'type' });
    } else if (total + file.size > maxTotalBytes) {
      screened.refused.push({ file, reason: 'size' });
    } else {
      screened.accepted.push(file);
      total += file.size;
    }
  }
  return screened;
}
