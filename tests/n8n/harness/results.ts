/**
 * What `npm run n8n -- test` found: one line per case with its time, the
 * problems of a failed case under it, and the plain closing line CI reads.
 */
export type Verdict = 'passed' | 'failed' | 'skipped';

interface CaseResult {
  name: string;
  verdict: Verdict;
  ms: number;
  notes: string[];
}

const MARK: Record<Verdict, string> = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip' };

export class Results {
  private readonly cases: CaseResult[] = [];
  /** Put before every name from now on: the mode the harness is running, so both modes' cases can be told apart. */
  prefix = '';

  /** Runs one case: it passes when it finds no problems (a thrown error is a problem too). */
  async run(name: string, check: () => Promise<string[]>): Promise<void> {
    const started = performance.now();
    let problems: string[];
    try {
      problems = await check();
    } catch (error) {
      problems = [error instanceof Error ? (error.stack ?? error.message) : String(error)];
    }
    this.add({
      name,
      verdict: problems.length === 0 ? 'passed' : 'failed',
      ms: performance.now() - started,
      notes: problems,
    });
  }

  add(unprefixed: CaseResult): void {
    const result = { ...unprefixed, name: `${this.prefix}${unprefixed.name}` };
    this.cases.push(result);
    const time = `${result.ms.toFixed(0).padStart(6)} ms`;
    console.log(`${MARK[result.verdict]} ${time}  ${result.name}`);
    for (const note of result.notes) console.log(`             ${note.replaceAll('\n', '\n             ')}`);
  }

  count(verdict: Verdict): number {
    return this.cases.filter((c) => c.verdict === verdict).length;
  }

  /** Median and slowest time of the cases whose names match. */
  times(filter: (name: string) => boolean): { count: number; median: number; max: number } {
    const ms = this.cases
      .filter((c) => filter(c.name))
      .map((c) => c.ms)
      .sort((a, b) => a - b);
    return { count: ms.length, median: ms[Math.floor(ms.length / 2)] ?? 0, max: ms.at(-1) ?? 0 };
  }

  closingLine(): string {
    const skipped = this.count('skipped');
    return `${this.count('passed')} passed, ${this.count('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`;
  }
}
