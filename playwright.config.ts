import { defineConfig } from '@playwright/test';
import { e2ePaths } from './tests/support/build.ts';
import { basePlaywrightConfig } from './tests/support/playwright-base.ts';

/** The browser suite against the production build and a recording webhook. */
const { output, report } = e2ePaths('e2e');

export default defineConfig({
  ...basePlaywrightConfig,
  testDir: 'tests/e2e',
  outputDir: output,
  reporter: [['list'], ['json', { outputFile: report }]],
});
