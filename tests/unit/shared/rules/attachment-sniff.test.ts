import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, sniffMatches } from '../../../../src/shared/rules/attachment.ts';
import { HOSTILE_HEADS, MEDIA_HEADS, sampleFile, type SampleType } from '../../../support/media-samples.ts';

/**
 * The portal's hand-written signatures against `file-type`, a well-kept
 * sniffing library (too large for the page's bundle, so it is only the
 * judge here). Formats are compared by container: the portal reads ISO
 * media (MP4, QuickTime, 3GPP, M4A) as one family and checks HEIF's brand.
 */
const CONTAINER: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'video/mp4': 'iso-media',
  'video/quicktime': 'iso-media',
  'video/3gpp': 'iso-media',
  'audio/mp4': 'iso-media',
  'audio/x-m4a': 'iso-media',
  'video/webm': 'webm',
  'audio/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/aac': 'adts',
  'audio/ogg': 'ogg',
  'audio/wav': 'wave',
  'audio/x-wav': 'wave',
  'audio/wave': 'wave',
};

/** Whether content of file-type's verdict may be sent under `declared`: HEIF is ISO media too. */
function fits(declared: string, detected: string | undefined): boolean {
  const want = CONTAINER[declared];
  const have = detected === undefined ? undefined : CONTAINER[detected];
  return want !== undefined && (want === have || (want === 'iso-media' && have === 'heif'));
}

const samples = [
  ...(Object.keys(MEDIA_HEADS) as SampleType[]).map((type) => [type, sampleFile(type, 4096)] as const),
  ...Object.entries(HOSTILE_HEADS),
];

describe('the signatures agree with file-type', () => {
  it('covers every allowed type', () => {
    expect(Object.keys(CONTAINER).sort()).toEqual([...ATTACHMENT_TYPES].sort());
  });

  it.each(Object.keys(MEDIA_HEADS) as SampleType[])(
    'file-type reads the %s sample as that kind of file',
    async (type) => {
      const detected = (await fileTypeFromBuffer(sampleFile(type, 4096)))?.mime;
      expect(fits(type, detected)).toBe(true);
    },
  );

  it.each(samples)('on the %s sample, accepts exactly the types file-type says it can be', async (_name, bytes) => {
    const detected = (await fileTypeFromBuffer(bytes))?.mime;
    const accepted = ATTACHMENT_TYPES.filter((type) => sniffMatches(type, bytes));
    expect(accepted).toEqual(ATTACHMENT_TYPES.filter((type) => fits(type, detected)));
  });
});
