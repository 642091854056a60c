const ALLOWED_PREFIXES = ['image/', 'video/', 'audio/'] as const;

/**
 * Raw bytes all attachments of one message may add up to. Base64 grows them
 * by a third, so the JSON body stays under the 16 MB common webhooks accept.
 */
export const ATTACHMENTS_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

export function isAllowedAttachmentType(mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  return ALLOWED_PREFIXES.some((prefix) => type.startsWith(prefix));
}
