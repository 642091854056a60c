/**
 * `npm test`: every gate the project has, in order, then one plain closing
 * line `N passed, N failed` that CI reads. Lint (ESLint and Prettier),
 * typecheck and the bundle budget count as one check each, run through their
 * own npm scripts so each command is written once; unit and e2e tests count
 * test by test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium, ensureDevanagariFont } from './ensure-chromium.ts';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const REPORT_DIR = 'test-results';
const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(name: string, ok: boolean): void {
  tally[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const bin = (name: string) => `node_modules/.bin/${name}`;

rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });

const npmScript = (name: string) => run('npm', ['run', '--silent', name]);

check('lint (eslint, prettier)', npmScript('lint'));
check('typecheck (app, service worker, node)', npmScript('typecheck'));
check('bundle budget (landing route, budget.json)', npmScript('budget'));
check('reference server probes (scripts/probe-server.ts)', run(bin('tsx'), ['scripts/probe-server.ts']));

const unitOk = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${REPORT_DIR}/unit.json`,
]);
const unit = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(
  `${REPORT_DIR}/unit.json`,
);
if (unit) {
  tally.passed += unit.numPassedTests;
  tally.failed += unit.numFailedTests;
  tally.skipped += unit.numPendingTests;
  lines.push(`${unitOk ? 'ok  ' : 'FAIL'} unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
}
if (!unit || (!unitOk && unit.numFailedTests === 0)) check('unit suite ran', false);

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** One Playwright suite; the second reuses the first one's build. */
function browserSuite(name: string, args: string[], env: NodeJS.ProcessEnv): void {
  const report = `${REPORT_DIR}/${name}.json`;
  const ok = run(bin('playwright'), ['test', ...args], { ...env, E2E_REPORT: report });
  const result = readJson<PlaywrightReport>(report);
  if (result) {
    const { expected, unexpected, flaky, skipped } = result.stats;
    tally.passed += expected + flaky;
    tally.failed += unexpected;
    tally.skipped += skipped;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed`);
  }
  if (!result || (!ok && result.stats.unexpected === 0)) check(`${name} suite ran`, false);
}

if (ensureChromium()) {
  ensureDevanagariFont();
  browserSuite('e2e', [], {});
  browserSuite('e2e-server', ['-c', 'playwright.server.config.ts'], { E2E_SKIP_BUILD: '1' });
} else {
  check('chromium available for e2e', false);
}

console.log(`\n${lines.join('\n')}`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed > 0 ? 1 : 0);
