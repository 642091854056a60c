import { describe, expect, it } from 'vitest';
import { isValidPhone } from '../../../../src/shared/rules/phone.ts';

describe('isValidPhone', () => {
  it.each([
    ['shortest E.164: plus and two digits', '+12'],
    ['longest E.164: plus and fifteen digits', '+123456789012345'],
    ['an Indian number in E.164', '+919876543210'],
    ['a 10-digit mobile starting with 6', '6123456789'],
    ['a 10-digit mobile starting with 7', '7123456789'],
    ['a 10-digit mobile starting with 8', '8123456789'],
    ['a 10-digit mobile starting with 9', '9876543210'],
    ['surrounding spaces, trimmed first', '  9876543210  '],
  ])('accepts %s', (_case, phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['an empty value', ''],
    ['only spaces', '   '],
    ['a plus and one digit', '+1'],
    ['sixteen digits after the plus', '+1234567890123456'],
    ['a leading 0 after the plus', '+0123456789'],
    ['a 10-digit number starting with 5', '5123456789'],
    ['a 10-digit number starting with 0', '0987654321'],
    ['nine digits', '987654321'],
    ['eleven digits without a plus', '98765432101'],
    ['spaces inside', '98765 43210'],
    ['letters', '98765abcde'],
    ['a plus with letters', '+91abc'],
    ['dashes', '987-654-3210'],
  ])('rejects %s', (_case, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});
