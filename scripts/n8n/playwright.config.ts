import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { basePlaywrightConfig } from '../../tests/support/playwright-base.ts';

/**
 * The portal's browser journey against n8n, run by `npm run test:n8n`
 * (scripts/n8n/harness/browser.ts), which builds the portal, starts
 * everything and passes the addresses in THRIVE_N8N_* variables.
 */
export default defineConfig({
  ...basePlaywrightConfig,
  globalSetup: undefined,
  testDir: 'browser',
  workers: 1,
  retries: 0,
  outputDir: resolve(import.meta.dirname, '../../.out/n8n/browser'),
  reporter: [['list'], ['json', { outputFile: process.env.THRIVE_N8N_REPORT ?? '.out/n8n/browser.json' }]],
  use: { ...basePlaywrightConfig.use, baseURL: process.env.THRIVE_N8N_PORTAL_URL },
});
