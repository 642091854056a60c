/**
 * A Playwright reporter for `npm run bench -- suite-cpu`: the machine's CPU time (user, nice and system, every core,
 * read from /proc/stat) from each test's start to its end, fixtures included. With one worker and nothing else on
 * the machine, that is the test's own cost: the test's Node process, its browser's processes and any server it
 * starts. Writes the rows as JSON to SUITE_CPU_OUT for the bench to print.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export interface CpuRow {
  project: string;
  file: string;
  title: string;
  status: TestResult['status'];
  cpuS: number;
  wallS: number;
}

/** CPU seconds spent on the whole machine since boot: the first line of /proc/stat, in clock ticks of 1/100 s. */
function machineCpuS(): number {
  const [firstLine = ''] = readFileSync('/proc/stat', 'utf8').split('\n', 1);
  const [, user = '0', nice = '0', system = '0'] = firstLine.split(/\s+/);
  return (Number(user) + Number(nice) + Number(system)) / 100;
}

export default class CpuReporter implements Reporter {
  private readonly rows: CpuRow[] = [];
  private readonly begun = new Map<TestCase, { cpuS: number; at: number }>();

  onTestBegin(test: TestCase): void {
    this.begun.set(test, { cpuS: machineCpuS(), at: performance.now() });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const begun = this.begun.get(test);
    if (!begun) return;
    this.rows.push({
      project: test.parent.project()?.name ?? '',
      file: relative(process.cwd(), test.location.file),
      title: test.title,
      status: result.status,
      cpuS: machineCpuS() - begun.cpuS,
      wallS: (performance.now() - begun.at) / 1000,
    });
  }

  onEnd(): void {
    const out = process.env.SUITE_CPU_OUT;
    if (out) writeFileSync(out, JSON.stringify(this.rows));
  }

  printsToStdio(): boolean {
    return false;
  }
}
