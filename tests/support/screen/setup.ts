/**
 * Before every screen test file: IndexedDB (fake-indexeddb, as the unit tests use it), what jsdom lacks and the
 * app asks of a browser, and an empty page after each test.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy* and waitFor wait: a limit for a machine under load (npm test runs these beside the browser suites
// on 2 cores), not a speed; a passing test never waits for it. Half the test's own 20 s timeout (vite.config.ts), so
// a state that never comes fails with its own message. A screen's first render loads its lazy chunk, which vitest
// transforms on first use.
configure({ asyncUtilTimeout: 10_000 });

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
