/**
 * Before every screen test file: IndexedDB (fake-indexeddb, as the unit tests use it), what jsdom lacks and the
 * app asks of a browser, and an empty page after each test.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy* and waitFor wait: a limit for a machine under load (npm test runs these beside the browser suites
// on 2 cores), as the browser suites' expect timeout is, not a speed; a passing test never waits for it. A screen's
// first render loads its lazy chunk, which vitest transforms on first use.
configure({ asyncUtilTimeout: 15_000 });

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

// npm test runs the screens beside the browser suites on two cores: a screen may take seconds to draw there, so a
// wait for it gives up at half the test's own timeout (vite.config.ts), not at Testing Library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(cleanup);
