import { describe, expect, it } from 'vitest';
import { knowMoreTarget } from '../../../../../src/features/new-visitor/know-more/know-more.ts';

describe('knowMoreTarget', () => {
  it.each([
    ['an https address', 'https://programme-info.thrive.test/about', 'https://programme-info.thrive.test/about'],
    ['an http address', 'http://info.example.org/', 'http://info.example.org/'],
    ['an address with spaces around it', '  https://example.org/thrive?x=1  ', 'https://example.org/thrive?x=1'],
  ])('redirects to %s', (_case, configured, url) => {
    expect(knowMoreTarget(configured)).toEqual({ kind: 'redirect', url });
  });

  it.each([
    ['nothing is set', undefined],
    ['the value is empty', ''],
    ['the value is only spaces', '   '],
    ['the address has no scheme', 'programme-info.thrive.test/about'],
    ['the address is relative', '/about'],
    ['the address runs script', 'javascript:alert(1)'],
    ['the address is not http', 'ftp://example.org/info'],
  ])('reports the page as not configured when %s', (_case, configured) => {
    expect(knowMoreTarget(configured)).toEqual({ kind: 'not-configured' });
  });
});
