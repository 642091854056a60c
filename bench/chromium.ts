import { existsSync } from 'node:fs';

/** Debian's Chromium: Playwright's own browser download cannot run on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (package chromium-headless-shell, built from the same Chromium source as the full
 * browser): what Playwright itself runs for headless tests. A new context and page cost about a third of the CPU the
 * full browser's headless mode spends on them, and the browser tests are CPU-bound on 2 cores. It has no
 * notification centre, so the tests that show or tap a notification run in the full browser (FULL_BROWSER below).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** The browser tests' Chromium: the headless shell when installed (or CHROMIUM_PATH when set), else the full one. */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH === undefined && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser tests' flags: V8's optimizing compilers off. A test's page lives for seconds, too short for optimized
 * code to pay back its compiling, which took about an eighth of the tests' CPU (4 specs, 3 runs each side by side:
 * 96-114 CPU-s with them, 90-96 without). Only speed changes, never what the code does; the benches keep them.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt,--no-maglev'];

/**
 * The tag of a browser test or group about the service worker (tests/support/service-worker.ts): the e2e and server
 * projects let the worker in for it (their fixtures.ts) and block it for the rest.
 */
export const SERVICE_WORKER = '@service-worker';

/** The tag of a browser test that shows or taps a notification: the e2e-full project runs it in the full Chromium. */
export const FULL_BROWSER = '@full-browser';

/** What the full browser's project lets contexts do. */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

/** The full Chromium, with the worker let in: a phone's notification centre. */
export const IN_FULL_BROWSER = {
  ...WITH_SERVICE_WORKER,
  launchOptions: { executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS },
} as const;
