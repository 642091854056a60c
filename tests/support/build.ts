import { resolve } from 'node:path';

/**
 * Where one e2e run keeps its build and results. `E2E_RUN=name` gives a run
 * its own folder under .out/, so runs side by side never overwrite each other.
 */
const run = process.env.E2E_RUN;
export const E2E_DIST = resolve(run ? `.out/${run}/dist` : 'dist');
export const E2E_OUTPUT = resolve(run ? `.out/${run}/results` : 'test-results/e2e');
export const E2E_REPORT = resolve(process.env.E2E_REPORT ?? (run ? `.out/${run}/e2e.json` : 'test-results/e2e.json'));

/** The configuration the e2e build is made with. */
export const E2E_BUILD_ENV = {
  VITE_KNOW_MORE_URL: 'https://programme-info.thrive.test/about',
} as const;
