import { defineConfig } from '@playwright/test';
import { e2ePaths } from './tests/support/build.ts';
import { basePlaywrightConfig } from './tests/support/playwright-base.ts';

/**
 * The browser suites against the real reference server (server/main.ts as
 * its own process, SQLite, the test roster) instead of the recording
 * webhook: the whole product end to end. Same production build as the
 * e2e suite; each worker starts its own server.
 *
 *   E2E_RUN=<name> npx playwright test -c playwright.server.config.ts
 */
const { output, report } = e2ePaths('e2e-server');

export default defineConfig({
  ...basePlaywrightConfig,
  testDir: 'tests/e2e-server',
  outputDir: output,
  reporter: [['list'], ['json', { outputFile: report }]],
});
