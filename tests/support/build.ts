import { spawn } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Where one e2e run keeps its build and results. `E2E_RUN=name` gives a run
 * its own folder under .out/, so runs side by side never overwrite each other.
 */
const run = process.env.E2E_RUN;
export const E2E_DIST = resolve(run ? `.out/${run}/dist` : 'dist');
/** The same app built without VITE_KNOW_MORE_URL, for the know-more page's "not configured" state. */
export const E2E_DIST_NO_KNOW_MORE = resolve(`.out/${run ?? 'default'}/dist-no-know-more`);
/** The file `npm test` writes beside a build it made while the browsers ran (tests/run.ts, E2E_PENDING_BUILD). */
export const builtMarker = (dir: string) => `${dir}.built`;

/**
 * The build in `dir`, once it is made. `npm test` starts the browsers while it still makes the build with no
 * information page (E2E_PENDING_BUILD names it): a test that needs that build waits for the file written once it is
 * made, by watching its folder, not a clock. Any other run made its builds before the first test.
 */
export function madeBuild(dir: string): Promise<string> {
  if (process.env.E2E_PENDING_BUILD !== dir) return Promise.resolve(dir);
  const marker = builtMarker(dir);
  return new Promise((done) => {
    const made = () => {
      if (!existsSync(marker)) return;
      watcher.close();
      done(dir);
    };
    const watcher = watch(dirname(marker), made);
    made();
  });
}

/** The configuration the e2e build is made with. */
export const E2E_BUILD_ENV = {
  VITE_KNOW_MORE_URL: 'https://programme-info.thrive.test/about',
} as const;

/** The environment the build without an information page is made in. */
export function withoutKnowMore(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.VITE_KNOW_MORE_URL;
  return env;
}

function build(outDir: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const child = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit', env },
  );
  return new Promise((done) => child.once('close', (code) => done(code === 0)));
}

/** The production build most browser tests run against; whether it was made. */
export function buildE2eApp(): Promise<boolean> {
  return build(E2E_DIST, { ...process.env, ...E2E_BUILD_ENV });
}

/** The production builds the browser suites run against, one after the other; whether both were made. */
export async function buildE2eApps(): Promise<boolean> {
  return (await buildE2eApp()) && (await build(E2E_DIST_NO_KNOW_MORE, withoutKnowMore()));
}
