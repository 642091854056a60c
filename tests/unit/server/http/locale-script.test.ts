import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOCALE_SCRIPT } from '../../../../src/page/locale-script.ts';
import { LOCALE_KEY } from '../../../../src/shared/i18n/locale.ts';

interface Visit {
  url: string;
  stored?: string | null;
  languages?: string[];
  referrer?: string;
  storageThrows?: boolean;
}

/** Runs the pages' locale script on a visit: where it sends the page, or undefined when it stays. */
function whereTo({ url, stored = null, languages = ['en-IN'], referrer = '', storageThrows = false }: Visit) {
  const address = new URL(url);
  let replaced: string | undefined;
  const style = { display: '' };
  runInNewContext(LOCALE_SCRIPT, {
    location: {
      origin: address.origin,
      pathname: address.pathname,
      search: address.search,
      hash: address.hash,
      replace: (to: string) => (replaced = to),
    },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === LOCALE_KEY ? stored : null;
      },
    },
    navigator: { languages, language: languages[0] },
    document: { referrer, documentElement: { style } },
  });
  // A page sent away is never painted; one that stays is left alone.
  expect(style.display).toBe(replaced === undefined ? '' : 'none');
  return replaced;
}

const ORIGIN = 'https://thrive.example';

describe('the locale script', () => {
  it.each([
    ['/', '/hi'],
    ['/registered-parent/menu', '/hi/registered-parent/menu'],
    ['/registered-parent/chat?shared=1#x', '/hi/registered-parent/chat?shared=1#x'],
  ])('opens %s in Hindi when Hindi was chosen: %s', (path, expected) => {
    expect(whereTo({ url: ORIGIN + path, stored: 'hi' })).toBe(expected);
  });

  it.each([
    ['/hi', '/'],
    ['/hi/', '/'],
    ['/hi/new-to-thrive/book-consult?a=b', '/new-to-thrive/book-consult?a=b'],
  ])('opens %s in English when English was chosen: %s', (path, expected) => {
    expect(whereTo({ url: ORIGIN + path, stored: 'en', languages: ['hi-IN'] })).toBe(expected);
  });

  it('leaves a page in the chosen language where it is', () => {
    expect(whereTo({ url: `${ORIGIN}/hi/registered-parent`, stored: 'hi' })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/registered-parent`, stored: 'en', languages: ['hi'] })).toBeUndefined();
  });

  it("follows the phone's languages on a first visit with no choice made", () => {
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN', 'en-US'] })).toBe('/hi');
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['mr-IN', 'hi-IN'] })).toBe('/hi');
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['en-IN', 'hi-IN'] })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['ta-IN'] })).toBeUndefined();
  });

  it('keeps a Hindi address in Hindi when no choice was made, whatever the phone prefers', () => {
    expect(whereTo({ url: `${ORIGIN}/hi/new-to-thrive`, languages: ['en-GB'] })).toBeUndefined();
  });

  it("does not follow the phone's languages when the visit came from the portal itself", () => {
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN'], referrer: `${ORIGIN}/hi` })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN'], referrer: 'https://search.example/' })).toBe('/hi');
  });

  it('leaves the page as addressed when storage refuses to be read', () => {
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN'], storageThrows: true })).toBeUndefined();
  });

  it('ignores a stored value that is not a language it speaks', () => {
    expect(whereTo({ url: `${ORIGIN}/`, stored: 'fr', languages: ['hi-IN'] })).toBe('/hi');
  });
});
