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
