/**
 * The reference server and its two commands as plain JavaScript, one file each in dist-server/ (main.mjs, staff.mjs,
 * forget.mjs): each bundles what it imports, node_modules included, except better-sqlite3, a native module Node loads
 * from node_modules. `npm start`, `npm run staff` and `npm run forget` run these, and so do the tests and tools that
 * start the server as a process of its own. A bundle starts in about a third of the CPU Node takes with tsx's loader
 * over the TypeScript and the hundreds of files of its dependencies (0.7 against 2.3 CPU-s on a 2-core VM): a restart
 * on a small machine feels it, and so does a test suite that starts the server twenty times. `npm run dev` bundles
 * the source as it is when Vite starts and runs that (build/dev-api.ts). The bundles are not minified: the line a
 * stack trace names sits below a comment that names its source file.
 *
 * dist-server/ is one folder below the repository, as server/ is, so a path the server takes from its own module
 * (server/repo-root.ts) means the same bundled and not. Each file is written whole, then renamed into place: a build
 * beside another (two test runners starting at once) never leaves a reader half a file. Pino's transports (a worker
 * thread started from a file of pino's) do not work bundled; the server logs to its output, which needs none.
 */
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO_ROOT = resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE_DIR = join(REPO_ROOT, 'dist-server');

/** The files a bundle is run from: `node <file>`. */
export const SERVER_BUNDLE = {
  main: join(SERVER_BUNDLE_DIR, 'main.mjs'),
  staff: join(SERVER_BUNDLE_DIR, 'staff.mjs'),
  forget: join(SERVER_BUNDLE_DIR, 'forget.mjs'),
} as const;

// The dependencies written for CommonJS call require(), which an ES module has only when it makes one.
const REQUIRE =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export async function bundleServer(): Promise<void> {
  const { outputFiles } = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: { main: 'server/main.ts', staff: 'server/cli/staff.ts', forget: 'server/cli/forget.ts' },
    outdir: SERVER_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: ['better-sqlite3'],
    banner: { js: REQUIRE },
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  for (const file of outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

/** Set by a run that has just bundled the server for the processes it starts (tests/run.ts). */
export const SERVER_BUNDLE_MADE = 'THRIVE_SERVER_BUNDLE_MADE';

let made: Promise<void> | undefined;

/**
 * The bundles, made from the source as it is now, once per process: what starts the server or a command as a process
 * of its own (bench/support/portal-process.ts, the tests of the commands) waits for this first.
 */
export async function serverBundle(): Promise<typeof SERVER_BUNDLE> {
  made ??= process.env[SERVER_BUNDLE_MADE] === '1' ? Promise.resolve() : bundleServer();
  await made;
  return SERVER_BUNDLE;
}

// `tsx build/server-bundle.ts`, as `npm start`, `npm run staff` and `npm run forget` do first.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleServer();
