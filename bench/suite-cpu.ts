/**
 * Benchmark (not a test): what each browser test costs in CPU seconds, the measure that decides where `npm test`'s
 * time goes on a machine whose cores are all busy. Runs every browser project with one worker (the builds made
 * first, as the suites' global setup makes them) and reports the machine's CPU from each test's start to its end
 * (perf/cpu-reporter.ts): run it with nothing else on the machine. Prints each project's and each spec's sum,
 * dearest first, then the dearest tests.
 *
 *   npm run bench -- suite-cpu [playwright test arguments, e.g. a spec or --project=e2e]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import type { CpuRow } from './perf/cpu-reporter.ts';
import { machineLoad } from './perf/figures.ts';

const OUT_DIR = '.out/suite-cpu';
const ROWS = `${OUT_DIR}/rows.json`;
const DEAREST_TESTS = 25;

mkdirSync(OUT_DIR, { recursive: true });
// Every process on the machine counts in a test's figure: the load says whether anything else was running.
const loadAtStart = machineLoad();
const run = spawnSync(
  process.execPath,
  [
    'node_modules/@playwright/test/cli.js',
    'test',
    '--workers=1',
    '--reporter=dot,./bench/perf/cpu-reporter.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, SUITE_CPU_OUT: ROWS, E2E_RUN: 'suite-cpu' } },
);

const rows = JSON.parse(readFileSync(ROWS, 'utf8')) as CpuRow[];

function printSums(label: string, keyOf: (row: CpuRow) => string): void {
  const sums = new Map<string, { tests: number; cpuS: number; wallS: number }>();
  for (const row of rows) {
    const sum = sums.get(keyOf(row)) ?? { tests: 0, cpuS: 0, wallS: 0 };
    sums.set(keyOf(row), { tests: sum.tests + 1, cpuS: sum.cpuS + row.cpuS, wallS: sum.wallS + row.wallS });
  }
  const width = Math.max(label.length, ...[...sums.keys()].map((key) => key.length));
  console.log(`\n${label.padEnd(width)}  tests    CPU-s   wall s`);
  for (const [key, sum] of [...sums].sort((a, b) => b[1].cpuS - a[1].cpuS)) {
    console.log(
      `${key.padEnd(width)}  ${String(sum.tests).padStart(5)}  ${sum.cpuS.toFixed(1).padStart(7)}  ${sum.wallS.toFixed(1).padStart(7)}`,
    );
  }
}

printSums('project', (row) => row.project);
printSums('spec', (row) => row.file);
console.log(`\nthe ${DEAREST_TESTS} dearest tests (CPU-s, wall s)`);
for (const row of [...rows].sort((a, b) => b.cpuS - a.cpuS).slice(0, DEAREST_TESTS)) {
  console.log(`${row.cpuS.toFixed(1).padStart(5)}  ${row.wallS.toFixed(1).padStart(5)}  ${row.file}: ${row.title}`);
}
const total = rows.reduce((sum, row) => sum + row.cpuS, 0);
const failed = rows.filter((row) => row.status !== 'passed' && row.status !== 'skipped').length;
console.log(`\n${rows.length} tests, ${total.toFixed(1)} CPU-s in tests${failed ? `, ${failed} not passed` : ''}`);
console.log(`${loadAtStart} at the start, ${machineLoad()} at the end`);
process.exit(run.status ?? 1);
