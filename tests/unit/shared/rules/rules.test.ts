import { describe, expect, it } from 'vitest';
import { checkMessage, MESSAGE_MAX_LENGTH } from '../../../../src/shared/rules/message.ts';
import { hasAllRequired } from '../../../../src/shared/rules/required.ts';
import { formatFileSize } from '../../../../src/shared/rules/sizes.ts';

describe('hasAllRequired', () => {
  it.each([
    [['Asha', '9876543210'], true],
    [['  Asha ', ' 9 '], true],
    [['', '9876543210'], false],
    [['Asha', '   '], false],
    [['\t\n', 'x'], false],
  ])('%j → %s', (values, expected) => {
    expect(hasAllRequired(...values)).toBe(expected);
  });
});

describe('checkMessage', () => {
  it('limits a message to 500 characters', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(500);
  });

  it.each([
    ['', 'empty'],
    ['    ', 'empty'],
    ['Hello', null],
    ['x'.repeat(500), null],
    [`  ${'x'.repeat(500)}  `, null],
    ['x'.repeat(501), 'too-long'],
  ])('%j → %s', (message, expected) => {
    expect(checkMessage(message)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024, '1.00 MB'],
    [10 * 1024 * 1024, '10.00 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [5 * 1024 ** 4, '5120.00 GB'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
describe('formatFileSize in Hindi', () => {
  it.each([
    [512, '512 बाइट'],
    [1536, '1.50 केबी'],
    [10 * 1024 * 1024, '10.00 एमबी'],
  ])('%d bytes → %s, digits Latin', (bytes, text) => {
    expect(formatFileSize(bytes, 'hi')).toBe(text);
  });
});

describe('formatFileSize without Intl', () => {
  it('writes every size as Intl does in both languages (Latin digits, a decimal point, no grouping)', () => {
    const sizes = [0, 1, 1023, 1024, 1025, 1535, 1536, 1537, 10_485_760, 1_073_741_823, 5 * 1024 ** 4];
    // Sizes whose value falls near a rounding edge, seeded: the same list every run.
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      sizes.push(seed % 20_000_000, Math.round(1024 * (i + 0.005)), 1024 * 1024 * i + 5243);
    }
    for (const locale of ['en', 'hi'] as const) {
      const places = (decimals: number) =>
        new Intl.NumberFormat(locale === 'en' ? 'en-IN' : 'hi-IN-u-nu-latn', {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
          useGrouping: false,
        });
      const [digits, decimals] = [places(0), places(2)];
      for (const bytes of sizes) {
        // Bytes, KB, MB, GB: the steps the size takes, so each side formats the same value.
        let [value, unit] = [bytes, 0];
        for (; value >= 1024 && unit < 3; unit += 1) value /= 1024;
        const expected = unit === 0 ? digits.format(value) : decimals.format(value);
        expect(formatFileSize(bytes, locale).split(' ')[0], `${bytes} in ${locale}`).toBe(expected);
      }
    }
  });
});
