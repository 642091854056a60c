import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { FULL_BROWSER, IN_FULL_BROWSER, TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './bench/chromium.ts';
import { fakeMicrophone } from './bench/support/fake-microphone.ts';

/**
 * Every browser suite, one project each, against the production build
 * (tests/e2e/global-setup.ts builds it once per run):
 * - e2e: the app against a recording webhook (tests/support/recording-webhook.ts),
 *   in Chromium's headless shell (bench/chromium.ts), with the service worker
 *   blocked but for the tests and groups tagged SERVICE_WORKER
 *   (tests/e2e/fixtures.ts).
 * - server: the real reference server (server/main.ts as its own process,
 *   SQLite, the test roster): the whole product end to end, the worker let in
 *   as in e2e, for the tests tagged SERVICE_WORKER (tests/e2e-server/fixtures.ts).
 * - e2e-full: the tests of either suite tagged FULL_BROWSER, which show or tap a
 *   notification, in the full Chromium.
 * - n8n: the portal's journey against a running n8n, worker included, only when
 *   `npm run n8n -- test` starts one and passes its address.
 * `npm test` runs each real-time proof with one seed; `npm run soak` runs
 * them with every seed (SOAK=1). `E2E_RUN=name` keeps a run's build and
 * results under .out/name, so runs side by side never overwrite each other.
 */
const run = process.env.E2E_RUN;
const n8nPortal = process.env.THRIVE_N8N_PORTAL_URL;

export default defineConfig({
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: resolve(run ? `.out/${run}/results` : 'test-results/e2e'),
  reporter: [['list'], ['json', { outputFile: resolve(process.env.E2E_REPORT ?? 'test-results/e2e.json') }]],
  fullyParallel: true,
  forbidOnly: true,
  // One worker a core. A third was once cheaper, when two left a core half idle; on a 2-core machine measured since,
  // three ran the accessibility walks in twice the time of two (31 s against 15 s each), past their timeouts.
  workers: 2,
  retries: 0,
  // Limits for a machine under load, not for a quiet one: a passing test never waits for them, and a 2-core CI box
  // with another job beside it (stress-ng --cpu 2) took up to four times as long for a service worker's install.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    // A microphone that plays a tone (bench/support/fake-microphone.ts), for the voice notes' specs: the tests that never
    // record do not notice it, and a spec with a browser of its own would take a worker of its own, a new process and
    // browser (and on the server, a new server) each time Playwright comes to it.
    launchOptions: fakeMicrophone(8, TEST_CHROMIUM_PATH, TEST_CHROMIUM_ARGS),
    // Most parents use 360-400 px Android screens.
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    serviceWorkers: 'block',
    // Recording a trace for every test (to keep a failure's) cost about a fifth of the e2e run's time on 2 cores.
    // A failure still leaves its screenshot and error-context.md; E2E_TRACE=1 records traces as well.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  // Playwright hands out tests in the order of these projects. The dearest and the one-at-a-time go first, the many
  // short e2e tests last: the run's end keeps both workers busy, not one finishing a long test or e2e-full alone.
  // `npm test` runs e2e-full and e2e in one Playwright run and server in another beside it (tests/run.ts).
  projects: [
    {
      name: 'e2e-full',
      testDir: 'tests',
      testMatch: /\/tests\/(e2e|e2e-server)\/[^/]+\.spec\.ts$/,
      grep: new RegExp(FULL_BROWSER),
      use: IN_FULL_BROWSER,
      // One full Chromium for its few tests: a second launch cost more than running them one after another saves.
      workers: 1,
    },
    { name: 'server', testDir: 'tests/e2e-server', grepInvert: new RegExp(FULL_BROWSER) },
    // The tests with the worker and those without in one project: a project of its own for either took its own
    // worker processes and browsers, about 14 CPU-s a run (339 CPU-s for the two kinds in one project, 353 in two).
    { name: 'e2e', testDir: 'tests/e2e', grepInvert: new RegExp(FULL_BROWSER) },
    ...(n8nPortal
      ? [{ name: 'n8n', testDir: 'tests/n8n/browser', use: { baseURL: n8nPortal, ...IN_FULL_BROWSER } }]
      : []),
  ],
});
