import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../../src/shared/format/number.ts';

describe('formatCount', () => {
  it.each([
    [0, 'en', '0'],
    [500, 'hi', '500'],
    [1234, 'en', '1,234'],
    [123456, 'hi', '1,23,456'],
  ] as const)('writes %d in %s as %s, digits Latin', (value, locale, expected) => {
    expect(formatCount(value, locale)).toBe(expected);
  });
});
