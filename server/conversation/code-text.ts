import type { Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';

/**
 * The text of the code message, in the parent's language. Its last line is
 * `@host #code`, the origin-bound format the Web OTP API reads, so Android
 * Chrome can fill the code in on the portal at that host and nowhere else.
 */
export function codeText(code: string, language: Language, portalHost: string): string {
  return `${answerText(language, 'codeMessage', { code })}\n\n@${portalHost} #${code}`;
}
