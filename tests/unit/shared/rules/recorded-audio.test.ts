import { describe, expect, it } from 'vitest';
import { sniffMatches } from '../../../../src/shared/rules/attachment.ts';
import { CHROMIUM_RECORDED_WEBM_HEAD } from '../../../support/recorded-audio.ts';

describe("a voice note's bytes, as the portal's recorder makes them", () => {
  it('passes as audio/webm: the EBML header, and "webm" within the bytes the rule reads', () => {
    expect(sniffMatches('audio/webm', CHROMIUM_RECORDED_WEBM_HEAD)).toBe(true);
  });

  it.each(['audio/mp4', 'audio/ogg', 'audio/mpeg', 'audio/wav'])('is refused declared as %s', (type) => {
    expect(sniffMatches(type, CHROMIUM_RECORDED_WEBM_HEAD)).toBe(false);
  });

  it('passes as audio/mp4 when it starts with an ISO media ftyp box (the AAC recording Safari makes)', () => {
    // Written by hand from ISO/IEC 14496-12 (a 'ftyp' box with brand 'iso6'): no Safari recording was available here.
    const head = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypiso6\0\0\0\0iso6mp41', 'latin1')]);
    expect(sniffMatches('audio/mp4', head)).toBe(true);
    expect(sniffMatches('audio/webm', head)).toBe(false);
  });
});
