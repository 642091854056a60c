import { execFileSync } from 'node:child_process';
import { E2E_BUILD_ENV, E2E_DIST } from '../support/build.ts';

/** The e2e suite always runs against a fresh production build, where the service worker registers. */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', E2E_DIST, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, ...E2E_BUILD_ENV },
    },
  );
}
