/**
 * The sign-in code a parent types: six digits, as sent to their
 * phone. The portal checks the format before sending; the webhook's schema
 * (server/contract/request-schema.ts) is built from the same pattern.
 */
export const CODE_LENGTH = 6;
/** Digits written [0-9], not \d: the schema is built from this pattern (see phone.ts). */
export const CODE_PATTERN = /^[0-9]{6}$/;

export function isCodeFormat(text: string): boolean {
  return CODE_PATTERN.test(text);
}
