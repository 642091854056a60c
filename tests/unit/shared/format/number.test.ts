import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../../src/shared/format/number.ts';
import { INTL_LOCALE } from '../../../../src/shared/i18n/locale.ts';

describe('formatCount', () => {
  it.each([
    [0, 'en', '0'],
    [500, 'hi', '500'],
    [1234, 'en', '1,234'],
    [123456, 'hi', '1,23,456'],
    [999.6, 'en', '1,000'],
  ] as const)('writes %d in %s as %s, digits Latin', (value, locale, expected) => {
    expect(formatCount(value, locale)).toBe(expected);
  });

  it('writes every count as Intl does in both languages, those it writes without Intl included', () => {
    for (const locale of ['en', 'hi'] as const) {
      const intl = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 });
      for (const value of [-1001, -999, -1, 1, 7, 42, 499, 500, 999, 999.4, 1000, 1001, 99_999, 100_000, 2.5]) {
        expect(formatCount(value, locale), `${value} in ${locale}`).toBe(intl.format(value));
      }
    }
  });
});
