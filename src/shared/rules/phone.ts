/**
 * The phone rule and the one identity built on it. A parent is the same
 * person however the number is typed ('98765 43210', '9876543210' and
 * '+919876543210'), and, since the number is not secret, a name and number
 * together are what the portal, the webhook's roster, the saved schedule
 * and the outbox all recognise a parent by.
 */

/*
 * Digits are written [0-9], not \d: the contract's JSON Schema
 * (server/contract/request-schema.ts) is built from these patterns, and some
 * validators' \d matches digits of other scripts too.
 */
/** E.164: a plus, a first digit 1-9, then 1 to 14 more digits (2 to 15 in all). */
export const E164 = /^\+[1-9][0-9]{1,14}$/;
/** An Indian mobile number: 10 digits starting with 6, 7, 8 or 9. */
export const INDIAN_MOBILE = /^[6-9][0-9]{9}$/;
export const INDIA_PREFIX = '+91';
/** What people type between digit groups; none of it is part of the number. */
export const SEPARATORS = /[\s().-]/g;

export function isValidPhone(raw: string): boolean {
  const phone = raw.trim();
  return E164.test(phone) || INDIAN_MOBILE.test(phone);
}

/**
 * One spelling per phone number: separators dropped, a 10-digit Indian
 * mobile given its +91. Undefined when what is left breaks the phone rule.
 */
export function phoneKey(raw: string): string | undefined {
  const compact = raw.replace(SEPARATORS, '');
  if (INDIAN_MOBILE.test(compact)) return `${INDIA_PREFIX}${compact}`;
  return E164.test(compact) ? compact : undefined;
}

/** Names match whatever the letter case, spacing or Unicode composition the parent typed. */
export function nameKey(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * One key per parent: the phone key (or, for a number that breaks the rule,
 * its compact spelling), a space, and the name key. The phone part never
 * holds a space, so no two parents can share a key.
 */
export function parentKey(user: { name: string; number: string }): string {
  const phone = phoneKey(user.number) ?? user.number.replace(SEPARATORS, '');
  return `${phone} ${nameKey(user.name)}`;
}
