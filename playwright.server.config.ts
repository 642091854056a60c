import { defineConfig } from '@playwright/test';
import { E2E_OUTPUT, E2E_REPORT } from './tests/support/build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

/**
 * The browser suites against the real reference server (server/main.ts as
 * its own process, SQLite, the test roster) instead of the recording
 * webhook: the whole product end to end. Same production build as the
 * e2e suite (tests/e2e/global-setup.ts); each worker starts its own server.
 *
 *   E2E_RUN=<name> npx playwright test -c playwright.server.config.ts
 */
export default defineConfig({
  testDir: 'tests/e2e-server',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: `${E2E_OUTPUT}-server`,
  reporter: [['list'], ['json', { outputFile: E2E_REPORT.replace(/\.json$/, '-server.json') }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
  },
});
