import { describe, expect, it } from 'vitest';
import { installOffer, isIosDevice } from '../../../../src/app/pwa/install.tsx';

describe('installOffer', () => {
  it.each([
    ['the landing page with a browser offer', '/', false, true, false, 'prompt'],
    ['the menu with a browser offer', '/registered-parent/menu', false, true, false, 'prompt'],
    ['the landing page on iOS', '/', false, false, true, 'ios-hint'],
    ['the menu on iOS', '/registered-parent/menu', false, false, true, 'ios-hint'],
    ['the landing page with no offer and not iOS', '/', false, false, false, 'none'],
    ['the installed app', '/', true, true, false, 'none'],
    ['the installed app on iOS', '/registered-parent/menu', true, false, true, 'none'],
    ['the sign-in page', '/registered-parent', false, true, false, 'none'],
    ['a form', '/new-to-thrive/book-consult', false, true, true, 'none'],
  ])('%s: %s', (_case, pathname, standalone, canPrompt, ios, expected) => {
    expect(installOffer({ pathname, standalone, canPrompt, ios })).toBe(expected);
  });
});

describe('isIosDevice', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  const IPAD_AS_MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

  it.each([
    ['an iPhone', IPHONE, 'iPhone', 5, true],
    ['an iPad that says it is a Mac but has touch', IPAD_AS_MAC, 'MacIntel', 5, true],
    ['a Mac', IPAD_AS_MAC, 'MacIntel', 0, false],
    ['an Android phone', ANDROID, 'Linux armv8l', 5, false],
  ])('%s: %s', (_case, userAgent, platform, maxTouchPoints, expected) => {
    expect(isIosDevice({ userAgent, platform, maxTouchPoints })).toBe(expected);
  });
});
