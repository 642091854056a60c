import { isValidPhone } from '../../src/shared/rules/phone.ts';

const INDIA_PREFIX = '+91';

/**
 * One spelling per phone number, so a parent found as "9876543210" is also
 * found as "+919876543210": a 10-digit Indian number gains its country code.
 * Undefined when the number breaks the portal's phone rule.
 */
export function phoneKey(raw: string): string | undefined {
  const phone = raw.trim();
  if (!isValidPhone(phone)) return undefined;
  return phone.startsWith('+') ? phone : `${INDIA_PREFIX}${phone}`;
}

/** Names match whatever the letter case and spacing the parent typed. */
export function nameKey(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}
