import type { Language } from '../../src/shared/webhook/types.ts';

/**
 * The text of the code message, in the parent's language. Its last line is
 * `@host #code`, the origin-bound format the Web OTP API reads, so Android
 * Chrome can fill the code in on the portal at that host and nowhere else.
 */
export function codeText(code: string, language: Language, portalHost: string): string {
  const first =
    language === 'hi'
      ? `आपका Thrive पोर्टल कोड ${code} है। यह 10 मिनट तक चलेगा। इसे किसी को न बताएँ।`
      : `Your Thrive portal code is ${code}. It works for 10 minutes. Do not share it with anyone.`;
  return `${first}\n\n@${portalHost} #${code}`;
}
