/** E.164: a plus, a first digit 1-9, then 1 to 14 more digits (2 to 15 in all). */
const E164 = /^\+[1-9]\d{1,14}$/;
/** An Indian mobile number: 10 digits starting with 6, 7, 8 or 9. */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export function isValidPhone(raw: string): boolean {
  const phone = raw.trim();
  return E164.test(phone) || INDIAN_MOBILE.test(phone);
}
