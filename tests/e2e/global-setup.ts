import { execFileSync } from 'node:child_process';
import { E2E_BUILD_ENV, E2E_DIST, E2E_DIST_NO_KNOW_MORE } from '../support/build.ts';

function build(outDir: string, env: NodeJS.ProcessEnv): void {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit', env },
  );
}

/** The e2e suite always runs against fresh production builds, where the service worker registers. */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  build(E2E_DIST, { ...process.env, ...E2E_BUILD_ENV });
  const withoutKnowMore = { ...process.env };
  delete withoutKnowMore.VITE_KNOW_MORE_URL;
  build(E2E_DIST_NO_KNOW_MORE, withoutKnowMore);
}
