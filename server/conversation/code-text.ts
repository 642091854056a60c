import type { Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';

/**
 * The text of the code message, in the parent's language. Its last line is
 * `@host #code`, the origin-bound format the Web OTP API reads, so Android
 * Chrome can fill the code in on the portal at that host and nowhere else.
 * The host is PORTAL_HOST only, never one a request named (a forged Host
 * header would bind the code to another site); without it the line is left
 * out, and the parent types the code.
 */
export function codeText(code: string, language: Language, portalHost: string | undefined): string {
  const text = answerText(language, 'codeMessage', { code });
  return portalHost === undefined ? text : `${text}\n\n@${portalHost} #${code}`;
}
