import { describe, expect, it } from 'vitest';
import { localeOfPath, pathIn, preferredLocale, routePath } from '../../../../src/shared/i18n/locale.ts';

describe('localeOfPath', () => {
  it.each([
    ['/', 'en'],
    ['/registered-parent/menu', 'en'],
    ['/history', 'en'],
    ['/hi', 'hi'],
    ['/hi/', 'hi'],
    ['/hi/registered-parent/menu', 'hi'],
    ['/hindi', 'en'],
  ])('reads %s as %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });
});

describe('pathIn', () => {
  it.each([
    ['hi', '/', '/hi'],
    ['hi', '/hi/', '/hi'],
    ['hi', '/registered-parent/menu', '/hi/registered-parent/menu'],
    ['hi', '/hi/registered-parent', '/hi/registered-parent'],
    ['en', '/hi/', '/'],
    ['en', '/hi', '/'],
    ['en', '/hi/new-to-thrive/book-consult', '/new-to-thrive/book-consult'],
    ['en', '/new-to-thrive', '/new-to-thrive'],
  ] as const)('puts %s on %s: %s', (locale, path, expected) => {
    expect(pathIn(locale, path)).toBe(expected);
  });
});

describe('routePath', () => {
  it.each([
    ['/hi/registered-parent/menu', '/registered-parent/menu'],
    ['/registered-parent/menu', '/registered-parent/menu'],
    ['/hi', '/'],
    ['/hi/', '/'],
    ['/', '/'],
    ['/hindi/page', '/hindi/page'],
  ])('names the address %s as the router does: %s', (address, path) => {
    expect(routePath(address)).toBe(path);
  });
});

describe('preferredLocale', () => {
  it.each([
    [['hi-IN', 'en-US'], 'hi'],
    [['hi'], 'hi'],
    [['en-IN', 'hi-IN'], 'en'],
    [['mr-IN', 'hi-IN', 'en'], 'hi'],
    [['ta-IN', 'en-GB'], 'en'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ])('chooses from %j: %s', (languages, expected) => {
    expect(preferredLocale(languages)).toBe(expected);
  });
});
