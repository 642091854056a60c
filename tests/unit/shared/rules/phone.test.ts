import { describe, expect, it } from 'vitest';
import { isValidPhone, nameKey, parentKey, phoneKey } from '../../../../src/shared/rules/phone.ts';

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

describe('phoneKey', () => {
  it.each([
    ['9876543210', '+919876543210'],
    [' +919876543210 ', '+919876543210'],
    [' 98765 43210 ', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['+14155550123', '+14155550123'],
  ])('spells %j as %j', (raw, key) => {
    expect(phoneKey(raw)).toBe(key);
  });

  it.each(['12345', '5876543210', '+0919876543210', '98765abcde', ''])('has no key for %j', (raw) => {
    expect(phoneKey(raw)).toBeUndefined();
  });
});

describe('nameKey', () => {
  it('ignores letter case and runs of spaces', () => {
    expect(nameKey('  Asha   VERMA ')).toBe(nameKey('asha verma'));
  });

  it('reads a name typed with combining marks as the same name', () => {
    expect(nameKey('Jose\u0301')).toBe(nameKey('Jos\u00e9'));
  });

  it('tells different names apart', () => {
    expect(nameKey('Asha Verma')).not.toBe(nameKey('Asha Varma'));
  });
});

describe('parentKey', () => {
  it('is one key for one parent however the name and number are typed', () => {
    expect(parentKey({ name: ' asha  VERMA', number: '+91 98765 43210' })).toBe(
      parentKey({ name: 'Asha Verma', number: '9876543210' }),
    );
  });

  it.each([
    ['another name on the same number', { name: 'Ravi Verma', number: '9876543210' }],
    ['the same name on another number', { name: 'Asha Verma', number: '9876543211' }],
  ])('is another key for %s', (_case, other) => {
    expect(parentKey(other)).not.toBe(parentKey({ name: 'Asha Verma', number: '9876543210' }));
  });

  it('cannot be forged by moving words between the number and the name', () => {
    expect(parentKey({ name: 'b', number: '+1 a' })).not.toBe(parentKey({ name: 'a b', number: '+1' }));
  });
});
