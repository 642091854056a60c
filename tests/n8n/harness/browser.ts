/**
 * The browser journey (tests/n8n/browser) in Playwright's own runner, as
 * a child process given the addresses of this run; each of its tests
 * becomes one timed result.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Results } from './results.ts';
import type { Stack } from './stack.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const REPORT = resolve(REPO_ROOT, '.out/n8n/browser.json');

interface Report {
  suites: Suite[];
}
interface Suite {
  suites?: Suite[];
  specs: {
    title: string;
    tests: { results: { status: string; duration: number; errors: { message?: string }[] }[] }[];
  }[];
}

const specsOf = (suite: Suite): Suite['specs'] => [...suite.specs, ...(suite.suites ?? []).flatMap(specsOf)];

/** Runs the journey's tests, each `repeat` times (Playwright's --repeat-each), every run a result of its own. */
export async function runBrowserJourney(stack: Stack, results: Results, repeat = 1): Promise<void> {
  rmSync(REPORT, { force: true });
  const env = {
    ...process.env,
    E2E_REPORT: REPORT,
    E2E_SKIP_BUILD: '1',
    THRIVE_N8N_PORTAL_URL: stack.reference.url,
    THRIVE_N8N_WEBHOOK_URL: stack.n8n.webhookUrl,
    THRIVE_N8N_SLACK_RECORDED_URL: new URL('/recorded', stack.slack.url).href,
    THRIVE_N8N_PSQL: JSON.stringify(stack.postgres.psql),
  };
  const child = spawn(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '--project=n8n', '--workers=1', `--repeat-each=${repeat}`],
    { cwd: REPO_ROOT, env, stdio: 'inherit' },
  );
  await new Promise((done) => child.once('exit', done));
  let report: Report | undefined;
  try {
    report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
  } catch {
    report = undefined;
  }
  const specs = report?.suites.flatMap(specsOf) ?? [];
  if (specs.length === 0)
    results.add({ name: 'browser: the journey ran', verdict: 'failed', ms: 0, notes: ['no report'] });
  for (const spec of specs) {
    for (const run of spec.tests.flatMap((t) => t.results)) {
      results.add({
        name: `browser: ${spec.title}`,
        verdict: run.status === 'passed' ? 'passed' : run.status === 'skipped' ? 'skipped' : 'failed',
        ms: run.duration,
        notes: run.errors.map((error) => error.message ?? 'failed'),
      });
    }
  }
}
