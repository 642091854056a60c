/**
 * Before every screen test file: IndexedDB (fake-indexeddb, as the unit tests use it), what jsdom lacks and the
 * app asks of a browser, and an empty page after each test.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's chunk is transformed on its first import in a file: a second or more on a loaded 2-core machine, past
// Testing Library's 1 s default. A limit for a machine under load; a passing test never waits for it.
configure({ asyncUtilTimeout: 5_000 });

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
