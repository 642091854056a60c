import { defineConfig } from '@playwright/test';
import { E2E_OUTPUT, E2E_REPORT } from './tests/support/build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: E2E_OUTPUT,
  reporter: [['list'], ['json', { outputFile: E2E_REPORT }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A mid-range Android phone: most parents use 360-400 px screens.
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
  },
});
