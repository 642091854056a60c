/**
 * `npm run n8n -- test` (not part of `npm test`: it installs a large tool): the
 * workflow in n8n/ proven against a running n8n. It installs n8n into
 * .cache/n8n when missing, starts a throwaway Postgres, n8n (its own SQLite),
 * a fake Slack Web API and the reference server, imports and
 * publishes the workflow, then runs the webhook contract's cases
 * (tests/support/contract-cases.ts), the checks only a running n8n can
 * answer, know_schedule's requests/s on n8n beside the reference server's,
 * and the portal's browser journey against n8n. Everything it started is
 * stopped; it ends with the plain line `N passed, N failed` CI reads.
 *
 *   npm run n8n -- test
 *   npm run n8n -- test --bench-seconds 5
 *   npm run n8n -- test --repeat-journey 3     the browser journey three times over
 */
import { parseArgs } from 'node:util';
import { TEST_PARENT } from '../support/envelopes.ts';
import { ensureChromium } from '../../bench/ensure-chromium.ts';
import { runBrowserJourney } from './harness/browser.ts';
import { runContract } from './harness/contract.ts';
import { runConversationChecks } from './harness/conversation-checks.ts';
import { runHousekeepingChecks } from './harness/housekeeping-checks.ts';
import { cpuSeconds } from './harness/cpu.ts';
import { runDeliveryChecks } from './harness/delivery-checks.ts';
import { ensureN8n, N8N_VERSION, NODE_VERSION } from './harness/install.ts';
import { runN8nChecks } from './harness/n8n-checks.ts';
import { Results } from './harness/results.ts';
import { startStack } from './harness/stack.ts';
import { knowScheduleThroughput, throughputLine } from './harness/throughput.ts';
import { sdkProblems } from './harness/validate.ts';
import { WORKFLOW_PATH } from '../../n8n/source/workflow/ids.ts';
import { WORKFLOWS } from '../../n8n/source/conversation/ids.ts';

const { values } = parseArgs({
  options: { 'bench-seconds': { type: 'string', default: '10' }, 'repeat-journey': { type: 'string', default: '1' } },
});
const BENCH_SECONDS = Number(values['bench-seconds']);
const JOURNEY_RUNS = Number(values['repeat-journey']);
const started = Date.now();
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
const heading = (text: string) => console.log(`\n== ${text}`);

const results = new Results();
const install = ensureN8n();
console.log(
  `n8n ${N8N_VERSION} on Node ${NODE_VERSION}: ${install.installedMs === undefined ? 'found in .cache/n8n' : `installed in ${minutes(install.installedMs)}`}`,
);

await results.run(`workflow: valid for n8n ${N8N_VERSION}'s node definitions (@n8n/workflow-sdk, schemas on)`, () =>
  sdkProblems(install, WORKFLOW_PATH),
);
for (const { id, path } of Object.values(WORKFLOWS)) {
  await results.run(`workflow ${id}: valid for n8n ${N8N_VERSION}'s node definitions`, () =>
    sdkProblems(install, path),
  );
}

const stack = await startStack(install).catch((error: unknown) => {
  results.add({
    name: 'the stack started (Postgres, n8n, the portal, the reference server)',
    verdict: 'failed',
    ms: 0,
    notes: [String(error)],
  });
  console.log(results.closingLine());
  process.exit(1);
});
// n8n runs in a process group of its own and Postgres as a daemon: a Ctrl-C must stop them too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stack.stop().finally(() => process.exit(130)));
}
const throughput: string[] = [];
try {
  console.log(
    Object.entries(stack.timings)
      .map(([part, s]) => `${part}: ${s.toFixed(1)} s`)
      .join(', '),
  );
  heading(`the contract's cases (tests/support/contract-cases.ts) against ${stack.n8n.webhookUrl}`);
  const accepted = await runContract(stack.n8n.webhookUrl, TEST_PARENT, results);

  heading('what only a running n8n shows');
  await runDeliveryChecks(stack, results);
  await runN8nChecks(stack, results, accepted);

  heading('the conversation, Slack replies, retention, erasure and the error workflow');
  await runConversationChecks(stack, stack.conversation, results);
  await runHousekeepingChecks(stack, stack.conversation, results);

  heading(`know_schedule requests/s, about ${BENCH_SECONDS} s each after a warm-up`);
  for (const [target, url, serverCpu] of [
    ['n8n', stack.n8n.webhookUrl, () => cpuSeconds({ group: stack.n8n.processGroup })],
    [
      'reference server',
      `${stack.reference.url}/api/webhook`,
      () => cpuSeconds({ pids: [stack.reference.child.pid ?? 0] }),
    ],
  ] as const) {
    const measured = await knowScheduleThroughput(target, url, TEST_PARENT, BENCH_SECONDS, serverCpu);
    throughput.push(throughputLine(measured));
    console.log(throughput.at(-1));
    if (measured.failures > 0) {
      results.add({ name: `${target} answered every benchmark request`, verdict: 'failed', ms: 0, notes: [] });
    }
  }

  heading('the browser journey against n8n (tests/n8n/browser)');
  if (ensureChromium()) await runBrowserJourney(stack, results, JOURNEY_RUNS);
  else results.add({ name: 'browser: chromium available', verdict: 'failed', ms: 0, notes: [] });
} finally {
  await stack.stop();
}

const contract = results.times((name) => name.startsWith('contract: '));
heading('summary');
console.log(
  `n8n ${N8N_VERSION}; ${contract.count} contract cases, median ${contract.median.toFixed(0)} ms, slowest ${contract.max.toFixed(0)} ms`,
);
for (const line of throughput) console.log(line);
console.log(`total ${minutes(Date.now() - started)}`);
console.log(results.closingLine());
process.exit(results.count('failed') > 0 ? 1 : 0);
