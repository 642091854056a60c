import { resolve } from 'node:path';

/** Where the e2e suite's production build goes; separate runs may set their own. */
export const E2E_DIST = resolve(process.env.E2E_DIST ?? 'dist');

/** The configuration the e2e build is made with. */
export const E2E_BUILD_ENV = {
  VITE_KNOW_MORE_URL: 'https://programme-info.thrive.test/about',
} as const;
