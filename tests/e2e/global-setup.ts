import { buildE2eApps } from '../support/build.ts';

/**
 * The e2e suite always runs against fresh production builds, where the service worker registers. `npm test` makes
 * them beside its other checks and passes E2E_SKIP_BUILD=1.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  if (!(await buildE2eApps())) throw new Error('The e2e builds failed: see vite’s output above.');
}
