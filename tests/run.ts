/**
 * `npm test`: every gate the project has, in order, then a table of each
 * suite's test count and time, then one plain closing line
 * `N passed, N failed` that CI reads. Lint (oxlint, oxfmt and
 * dependency-cruiser's import rules, type imports included), typecheck,
 * the bundle budget and the server probes count as one check each; unit and
 * browser tests count test by test.
 *
 * `npm run soak` (`tsx tests/run.ts soak`): the real-time lifecycle proofs
 * with every seed (SOAK=1; `npm test` runs one seed of each), with its own
 * table and closing line.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, resolve } from 'node:path';
import { ensureChromium, ensureDevanagariFont } from '../bench/ensure-chromium.ts';
import { bundleServer, SERVER_BUNDLE_MADE } from '../build/server-bundle.ts';
import { buildE2eApp, builtMarker, E2E_DIST, E2E_DIST_NO_KNOW_MORE, withoutKnowMore } from './support/build.ts';

interface Row {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  ms: number;
}

const REPORT_DIR = 'test-results';
const rows: Row[] = [];
const soak = process.argv[2] === 'soak';

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const bin = (name: string) => `node_modules/.bin/${name}`;

function exitsZero(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const child = spawn(command, args, { stdio: 'inherit', env });
  return new Promise((resolve) => child.once('close', (code) => resolve(code === 0)));
}

/** A gate that passes or fails as a whole. */
async function check(suite: string, work: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  const ok = await work();
  rows.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ms: performance.now() - started });
}

const command = (name: string, args: string[]) => () => exitsZero(name, args);

interface VitestReport {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { status: 'passed' | 'failed' | 'pending' | 'skipped' | 'todo' }[];
  }[];
}

/**
 * The Vitest suite: the screen tests (*.test.tsx) and the rest, a row each; the run's time shared by test time.
 * A worker a core, not Vitest's default of one fewer: on 2 cores that is a single worker, which ran the lane's last
 * minutes alone with a core idle, and took a third of a core less than it could beside another job's busy loops.
 * `builtApp`, the production build the browsers run against once it is made: the service worker's precache test reads
 * it instead of building the app again.
 */
async function unitSuite(builtApp: string | undefined): Promise<void> {
  const report = `${REPORT_DIR}/unit.json`;
  const started = performance.now();
  const ok = await exitsZero(
    bin('vitest'),
    ['run', `--maxWorkers=${availableParallelism()}`, '--reporter=dot', '--reporter=json', `--outputFile=${report}`],
    builtApp ? { ...process.env, THRIVE_BUILT_APP: builtApp } : process.env,
  );
  const ms = performance.now() - started;
  const files = readJson<VitestReport>(report)?.testResults;
  // A suite that crashed before reporting counts as one failure.
  if (!files) {
    rows.push({ suite: 'unit (vitest) ran and reported', passed: 0, failed: 1, skipped: 0, ms });
    return;
  }
  const suites = [
    { suite: 'unit (vitest)', files: files.filter((file) => !file.name.endsWith('.tsx')) },
    { suite: 'screens (vitest, happy-dom)', files: files.filter((file) => file.name.endsWith('.tsx')) },
  ];
  const busy = (some: VitestReport['testResults']) =>
    some.reduce((sum, file) => sum + Math.max(0, file.endTime - file.startTime), 0);
  const allBusy = busy(files) || 1;
  let failed = 0;
  for (const { suite, files: mine } of suites) {
    const tests = mine.flatMap((file) => file.assertionResults);
    failed += tests.filter((test) => test.status === 'failed').length;
    rows.push({
      suite,
      passed: tests.filter((test) => test.status === 'passed').length,
      failed: tests.filter((test) => test.status === 'failed').length,
      skipped: tests.filter((test) => test.status !== 'passed' && test.status !== 'failed').length,
      ms: (ms * busy(mine)) / allBusy,
    });
  }
  // A failure outside any test (a file that would not load, an error after the tests) fails the run all the same.
  if (!ok && failed === 0) {
    rows.push({ suite: 'unit (vitest) outside its tests', passed: 0, failed: 1, skipped: 0, ms: 0 });
  }
}

interface PlaywrightReport {
  suites: PlaywrightSuite[];
}
interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs: {
    tests: {
      projectName: string;
      status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
      results: { duration: number }[];
    }[];
  }[];
}
const testsOf = (suite: PlaywrightSuite): PlaywrightSuite['specs'][number]['tests'] => [
  ...suite.specs.flatMap((spec) => spec.tests),
  ...(suite.suites ?? []).flatMap(testsOf),
];

type PlaywrightTest = ReturnType<typeof testsOf>[number];
const busyMs = (tests: PlaywrightTest[]) =>
  tests.reduce((sum, test) => sum + test.results.reduce((s, result) => s + result.duration, 0), 0);

/**
 * Every spec file's tests and their summed time, dearest first: where the browser run's time goes, so a
 * change that makes one spec dear shows in the run that made it.
 */
function printSpecTable(files: PlaywrightSuite[]): void {
  const specs = files
    .map((file) => ({ file: file.file ?? '?', tests: testsOf(file) }))
    .map(({ file, tests }) => ({ file, count: tests.length, ms: busyMs(tests) }))
    .sort((a, b) => b.ms - a.ms);
  const width = Math.max(...specs.map((spec) => spec.file.length), 4);
  console.log(`\n${'spec'.padEnd(width)}  tests  time (summed over workers)`);
  for (const spec of specs) {
    console.log(`${spec.file.padEnd(width)}  ${String(spec.count).padStart(5)}  ${(spec.ms / 1000).toFixed(1)} s`);
  }
}

/** The browser projects in one Playwright run; one row per project, the run's time shared by test time. */
async function browserSuites(args: string[], env: NodeJS.ProcessEnv, label: string): Promise<void> {
  const report = `${REPORT_DIR}/${label}.json`;
  const started = performance.now();
  const ok = await exitsZero(bin('playwright'), ['test', ...args], { ...process.env, ...env, E2E_REPORT: report });
  const ms = performance.now() - started;
  const files = readJson<PlaywrightReport>(report)?.suites ?? [];
  const tests = files.flatMap(testsOf);
  if (files.length > 0) printSpecTable(files);
  const projects = [...new Set(tests.map((test) => test.projectName))];
  const busy = (name: string) => busyMs(tests.filter((test) => test.projectName === name));
  const allBusy = projects.reduce((sum, name) => sum + busy(name), 0) || 1;
  const before = rows.length;
  for (const name of projects) {
    const mine = tests.filter((test) => test.projectName === name);
    rows.push({
      suite: `browser: ${name} (playwright)`,
      // A flaky pass is not a pass: retries are off, so this is only for a run someone started with --retries.
      passed: mine.filter((test) => test.status === 'expected').length,
      failed: mine.filter((test) => test.status === 'unexpected' || test.status === 'flaky').length,
      skipped: mine.filter((test) => test.status === 'skipped').length,
      ms: (ms * busy(name)) / allBusy,
    });
  }
  if (tests.length === 0 || (!ok && !rows.slice(before).some((row) => row.failed > 0))) {
    rows.push({ suite: `browser: ${label} ran and reported`, passed: 0, failed: 1, skipped: 0, ms: 0 });
  }
}

function printTable(started: number): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const width = Math.max(...rows.map((row) => row.suite.length), 5);
  console.log(`\n${'suite'.padEnd(width)}  tests  passed  failed  time`);
  for (const row of rows) {
    const total = row.passed + row.failed + row.skipped;
    console.log(
      `${row.suite.padEnd(width)}  ${String(total).padStart(5)}  ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${seconds(row.ms)}`,
    );
  }
  console.log(`${'total'.padEnd(width)}  ${' '.repeat(23)}${seconds(performance.now() - started)}`);
  const sum = (key: 'passed' | 'failed' | 'skipped') => rows.reduce((total, row) => total + row[key], 0);
  const skipped = sum('skipped');
  console.log(`${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/** The browser projects (playwright.config.ts) each lane runs, and how: after its build, and with nothing to build. */
const BROWSER_LANE_PROJECTS = ['e2e-full', 'e2e'];
const CHECKS_LANE_PROJECTS = ['server'];
const BROWSER_ENV = { E2E_SKIP_BUILD: '1', E2E_PENDING_BUILD: E2E_DIST_NO_KNOW_MORE };

const started = performance.now();
rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });
// The mark of a build made by an earlier run must not stand for this run's.
mkdirSync(dirname(E2E_DIST_NO_KNOW_MORE), { recursive: true });
rmSync(builtMarker(E2E_DIST_NO_KNOW_MORE), { force: true });

if (soak) {
  if (ensureChromium()) await browserSuites(['--project=e2e', '--grep', '\\(seed \\d+\\)'], { SOAK: '1' }, 'soak');
  else rows.push({ suite: 'chromium available', passed: 0, failed: 1, skipped: 0, ms: 0 });
} else {
  // The server's bundle, made once for every process below that starts the server or one of its commands.
  await check('server bundled (build/server-bundle.ts)', async () => {
    try {
      await bundleServer();
    } catch {
      return false;
    }
    process.env[SERVER_BUNDLE_MADE] = '1';
    return true;
  });
  // Two lanes, so a 2-core machine stays full. On one, the browser suites' build, then the e2e-full and e2e projects,
  // as early as they can start: they are the longest part. On the other: lint beside the budget, the unit tests,
  // typecheck, the probes, then the server project in a Playwright run of its own with one worker. Two browser workers
  // leave a core partly idle between a page's steps; the checks fill it while they run, and the server project's worker
  // once they are done, so neither lane's last minutes run alone (measured: with the server project in the browsers'
  // lane, those minutes ran at 85 % of the machine; with e2e-full in the checks' lane as well, its one worker ran the
  // last 45 s at half). The budget's build, the app with no information page, is the one a few browser tests need:
  // they wait for the file written once it is made (madeBuild in tests/support/build.ts), which came long before any
  // of them started in every run measured. The unit tests start after lint and the budget, and after the browsers'
  // build, which their precache test reads: that build took less time than the budget's in every run measured, so they
  // do not wait in practice; if it failed, the test builds its own.
  let appBuilt: (built: boolean) => void = () => undefined;
  const browsersBuild = new Promise<boolean>((resolve) => {
    appBuilt = resolve;
  });
  await Promise.all([
    (async () => {
      // npm run lint's three tools (its one script, split at &&) side by side: the lane waits for the slowest of them,
      // not for their sum.
      await Promise.all([
        check('lint (oxlint, oxfmt, import rules)', async () => {
          const lint = readJson<{ scripts: { lint: string } }>('package.json')?.scripts.lint ?? 'false';
          const env = { ...process.env, PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
          const tools = lint.split(' && ').map((tool) => exitsZero('sh', ['-c', tool], env));
          return (await Promise.all(tools)).every(Boolean);
        }),
        // The budget is judged on the build with no information page, which the browser suites then use as well.
        check('bundle budget (budget.json)', async () => {
          const ok = await exitsZero(bin('tsx'), ['bench/budget.ts', E2E_DIST_NO_KNOW_MORE], withoutKnowMore());
          writeFileSync(builtMarker(E2E_DIST_NO_KNOW_MORE), ok ? 'made' : 'failed');
          return ok;
        }),
      ]);
      const built = await browsersBuild;
      await unitSuite(built ? E2E_DIST : undefined);
      await check('typecheck (app, worker, server, tools)', command('npm', ['run', '--silent', 'typecheck']));
      await check('reference server probes', command(bin('tsx'), ['tests/probes/server.ts']));
      // With no build, the other lane's row counts the failure; without Chromium, its row does.
      if (built && ensureChromium()) {
        await browserSuites(
          [
            ...CHECKS_LANE_PROJECTS.map((project) => `--project=${project}`),
            '--workers=1',
            '--output=test-results/checks-lane',
          ],
          BROWSER_ENV,
          'browser-checks-lane',
        );
      }
    })(),
    (async () => {
      let built = false;
      await check('browser suites built (the app; the budget builds the one with no information page)', async () => {
        built = await buildE2eApp();
        appBuilt(built);
        return built;
      });
      // With no build, the row above counts the failure and there is nothing to run the browsers against.
      if (!built) return;
      if (ensureChromium()) {
        ensureDevanagariFont();
        await browserSuites(
          BROWSER_LANE_PROJECTS.map((project) => `--project=${project}`),
          BROWSER_ENV,
          'browser',
        );
      } else {
        rows.push({ suite: 'chromium available', passed: 0, failed: 1, skipped: 0, ms: 0 });
      }
    })(),
  ]);
}

printTable(started);
process.exit(rows.some((row) => row.failed > 0) ? 1 : 0);
