import {
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  displayFileName,
  isAllowedAttachmentType,
  SNIFF_BYTES,
  sniffMatches,
} from '../../../shared/rules/attachment.ts';

/**
 * Why a file was not attached; each has its own text (refusals.tsx).
 * type: not an image, video or audio file at all (the spec's message);
 * kind: media, but not a type on the allow-list (an SVG, say);
 * empty: no bytes; contents: the first bytes are not what the type says (a
 * renamed HTML page); unreadable: the phone would not let it be read;
 * count: the message already has its most files; size: past the total cap.
 */
export type RefusalReason = 'type' | 'kind' | 'empty' | 'contents' | 'unreadable' | 'count' | 'size';

export interface Refusal {
  /** The display name (displayFileName): never a path, never bidi tricks. */
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

const MEDIA = /^(image|video|audio)\//;

/** What is wrong with a file on its own, before it is counted or measured against the others. */
async function fileProblem(file: File): Promise<RefusalReason | undefined> {
  if (!isAllowedAttachmentType(file.type)) return MEDIA.test(file.type) ? 'kind' : 'type';
  if (file.size === 0) return 'empty';
  const head = await file
    .slice(0, SNIFF_BYTES)
    .arrayBuffer()
    .catch(() => undefined);
  if (!head) return 'unreadable';
  return sniffMatches(file.type, new Uint8Array(head)) ? undefined : 'contents';
}

/** The same file under its display name (the name it is listed and sent with), without copying its bytes. */
function underDisplayName(file: File): File {
  const name = displayFileName(file.name);
  return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
}

/**
 * Which newly picked or shared files may join those already attached, in
 * the order they came, by the rule the webhook applies too
 * (src/shared/rules/attachment.ts): an allowed type whose first bytes match
 * it, at most ATTACHMENTS_MAX_COUNT files, and everything that will be sent
 * within the size cap. The cap counts what is actually sent, so a photo is
 * measured after the data saver has made it smaller (`prepare`), and only
 * files that passed the other checks are prepared. A file that would pass
 * the cap is refused on its own, so a smaller one after it can still fit.
 */
export async function screenFiles(
  attached: readonly { size: number }[],
  picked: readonly File[],
  prepare: PrepareFile = keepAsItIs,
  maxTotalBytes: number = ATTACHMENTS_MAX_TOTAL_BYTES,
): Promise<Screened> {
  let total = totalBytes(attached);
  const screened: Screened = { accepted: [], refused: [] };
  const refuse = (file: File, reason: RefusalReason) =>
    screened.refused.push({ name: displayFileName(file.name), reason });
  for (const file of picked) {
    const problem = await fileProblem(file);
    if (problem) {
      refuse(file, problem);
      continue;
    }
    if (attached.length + screened.accepted.length >= ATTACHMENTS_MAX_COUNT) {
      refuse(file, 'count');
      continue;
    }
    const original = underDisplayName(file);
    const smaller = await prepare(original);
    const sent = smaller ?? original;
    if (total + sent.size > maxTotalBytes) {
      refuse(file, 'size');
    } else {
      screened.accepted.push({ original, smaller });
      total += sent.size;
    }
  }
  return screened;
}
