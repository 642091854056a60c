/**
 * Before every screen test file: IndexedDB (fake-indexeddb, as the unit tests use it), what jsdom lacks and the
 * app asks of a browser, and an empty page after each test.
 */
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no media queries: the app asks only whether it runs installed (display-mode: standalone); it does not.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(cleanup);
