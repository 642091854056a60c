import { describe, expect, it } from 'vitest';
import { knowMoreUrl } from '../../../../src/shared/rules/know-more-url.ts';

describe('knowMoreUrl', () => {
  it.each([
    ['an https address', 'https://programme-info.thrive.test/about', 'https://programme-info.thrive.test/about'],
    ['an http address', 'http://info.example.org/', 'http://info.example.org/'],
    ['an address with spaces around it', '  https://example.org/thrive?x=1  ', 'https://example.org/thrive?x=1'],
    ['an address with a quote in it, encoded', 'https://example.org/a"b', 'https://example.org/a%22b'],
  ])('sends the visitor to %s', (_case, configured, url) => {
    expect(knowMoreUrl(configured)).toBe(url);
  });

  it.each([
    ['nothing is set', undefined],
    ['the value is empty', ''],
    ['the value is only spaces', '   '],
    ['the address has no scheme', 'programme-info.thrive.test/about'],
    ['the address is relative', '/about'],
    ['the address runs script', 'javascript:alert(1)'],
    ['the address is not http', 'ftp://example.org/info'],
  ])('counts the page as not configured when %s', (_case, configured) => {
    expect(knowMoreUrl(configured)).toBeUndefined();
  });
});
