/**
 * `npm run test:n8n` (also `npm run n8n -- test`; not part of `npm test`: it
 * installs a large tool): the workflows in n8n/ proven against a running
 * n8n, in both of the ways a programme runs it, one after the other:
 * - single: one n8n on its own SQLite;
 * - queue: a main instance and two workers sharing Redis and Postgres.
 * It installs n8n into .cache/n8n when missing; for each mode it starts a
 * throwaway Postgres, n8n, a fake Slack Web API and the
 * reference server, imports and publishes every workflow, then runs the
 * webhook contract's cases (tests/support/contract-cases.ts), the checks only
 * a running n8n can answer (in queue mode: copies of one request across the
 * workers), every action's requests/s beside the reference server's, the
 * portal's browser journey, and announcements from Slack with their fan-out's
 * figures. Everything it started is stopped; it prints one table of
 * requests/s, its own total time, and ends with the plain line
 * `N passed, N failed` CI reads.
 *
 *   npm run test:n8n
 *   npm run test:n8n -- --bench-seconds 2      shorter throughput runs
 *   npm run test:n8n -- --repeat-journey 3     the browser journey three times over, in each mode
 *   npm run test:n8n -- --mode queue           one mode only
 *   npm run test:n8n -- --only kill,cost       some parts only (contract, checks, kill, conversation, cost, journey, roster, announcements)
 *   npm run test:n8n -- --n8n-env DB_POSTGRESDB_POOL_SIZE=10   a setting for every n8n process (to measure a lever)
 *   npm run test:n8n -- --webhook-processes 0  queue mode's webhooks taken by the main instance (2 webhook processes by default)
 */
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DEMO_CODE_LINE } from '../../server/conversation/code-sender.ts';
import { TEST_PARENT } from '../support/envelopes.ts';
import { ensureChromium } from '../../bench/ensure-chromium.ts';
import { runBrowserJourney } from './harness/browser.ts';
import { runContract } from './harness/contract.ts';
import { runConversationChecks } from './harness/conversation-checks.ts';
import { cpuSeconds } from './harness/cpu.ts';
import { runDeliveryChecks } from './harness/delivery-checks.ts';
import { ensureN8n, N8N_VERSION, NODE_VERSION } from './harness/install.ts';
import { runN8nChecks } from './harness/n8n-checks.ts';
import { runOutcomeChecks } from './harness/outcome-checks.ts';
import { runAnnouncementChecks } from './harness/announcement-checks.ts';
import { FAN_OUT, runFanOutChecks } from './harness/fan-out-checks.ts';
import type { N8nMode } from './harness/n8n-process.ts';
import { freePort } from './harness/ports.ts';
import { runKillChecks } from './harness/kill-checks.ts';
import { runQueueChecks } from './harness/queue-checks.ts';
import { runPushChecks } from './harness/push-checks.ts';
import { runReadReceiptChecks } from './harness/read-receipt-checks.ts';
import { runTextFallbackChecks } from './harness/text-fallback-checks.ts';
import { runHousekeepingChecks } from './harness/housekeeping-checks.ts';
import { runRosterChecks } from './harness/roster-checks.ts';
import { Results } from './harness/results.ts';
import { startStack, WEBHOOK_PROCESSES, WORKFLOW_PATHS, type Stack } from './harness/stack.ts';
import {
  BENCH_ACTIONS,
  chatThreadAction,
  costRounds,
  costTable,
  FLOOR_ACTION,
  measureThroughput,
  REFERENCE_TARGET,
  throughputLine,
  throughputTable,
  type BenchAction,
  type Throughput,
} from './harness/throughput.ts';
import { sdkProblems } from './harness/validate.ts';

const MODES: readonly N8nMode[] = ['single', 'queue'];
const IDLE_SECONDS = 5;
/** Each action's warm-up round, before any is measured. */
const WARM_UP_SECONDS = 5;
/** The cost table's rounds: every action's multiple is the median of its rounds'. */
const COST_ROUNDS = 3;

const { values } = parseArgs({
  options: {
    'bench-seconds': { type: 'string', default: '5' },
    'repeat-journey': { type: 'string', default: '1' },
    mode: { type: 'string' },
    only: { type: 'string' },
    'n8n-env': { type: 'string', multiple: true, default: [] },
    'webhook-processes': { type: 'string', default: String(WEBHOOK_PROCESSES) },
  },
});
const n8nEnv = Object.fromEntries(
  (values['n8n-env'] ?? []).map((setting) => [
    setting.slice(0, setting.indexOf('=')),
    setting.slice(setting.indexOf('=') + 1),
  ]),
);
const PARTS = ['contract', 'checks', 'kill', 'conversation', 'cost', 'journey', 'roster', 'announcements'] as const;
const only = values.only?.split(',') ?? [...PARTS];
const unknownPart = only.find((part) => !(PARTS as readonly string[]).includes(part));
if (unknownPart) {
  console.error(`--only takes some of ${PARTS.join(', ')}, not ${unknownPart}`);
  process.exit(2);
}
const runs = (part: (typeof PARTS)[number]) => only.includes(part);
const BENCH_SECONDS = Number(values['bench-seconds']);
const JOURNEY_RUNS = Number(values['repeat-journey']);
const modes = MODES.filter((mode) => values.mode === undefined || values.mode === mode);
if (modes.length === 0) {
  console.error(`--mode is one of ${MODES.join(', ')}`);
  process.exit(2);
}
const started = Date.now();
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
const heading = (text: string) => console.log(`\n== ${text}`);

const results = new Results();
const install = ensureN8n();
console.log(
  `n8n ${N8N_VERSION} on Node ${NODE_VERSION}: ${install.installedMs === undefined ? 'found in .cache/n8n' : `installed in ${minutes(install.installedMs)}`}`,
);

for (const path of WORKFLOW_PATHS) {
  await results.run(
    `workflow ${basename(path)}: valid for n8n ${N8N_VERSION}'s node definitions (@n8n/workflow-sdk, schemas on)`,
    () => sdkProblems(install, path),
  );
}

const measured: Throughput[] = [];
/** Each n8n target's CPU while idle, in ms a second. */
const idleCpu = new Map<string, number>();
const timings: string[] = [];
let running: Stack | undefined;
// n8n runs in process groups of their own and Postgres as a daemon: a Ctrl-C must stop them too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));
}

/** The reference server without a code gateway writes each code to its log (its demo mode): the last for `number`. */
async function codeInReferenceLog(stack: Stack, number: string): Promise<string> {
  const line = new RegExp(`${DEMO_CODE_LINE} for \\+\\d*${number.slice(-10)} is (\\d{6})`, 'g');
  for (let tries = 0; tries < 100; tries++) {
    const code = [...stack.reference.output().matchAll(line)].at(-1)?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no code for ${number} in the reference server's log`);
}

/** Every action's requests/s on this mode's n8n, and once per run on the reference server. */
async function throughput(stack: Stack, withReference: boolean): Promise<void> {
  const n8nCpu = () => stack.n8n.processes.reduce((sum, p) => sum + cpuSeconds({ group: p.processGroup }), 0);
  const referenceCpu = () => cpuSeconds({ pids: [stack.reference.child.pid ?? 0] });
  const referenceUrl = `${stack.reference.url}/api/webhook`;
  const record = (figures: Throughput, at = measured.length) => {
    measured.splice(at, 0, figures);
    console.log(throughputLine(figures));
    if (figures.failures > 0) {
      const name = `${figures.target} answered every ${figures.action} request`;
      results.add({ name, verdict: 'failed', ms: 0, notes: [] });
    }
  };
  const measure = async (target: string, url: string, action: BenchAction, serverCpu: () => number) =>
    record(await measureThroughput(target, url, action, BENCH_SECONDS, serverCpu));
  // What n8n's processes spend doing nothing (timers, heartbeats, the task runners): each figure below includes it.
  const idleFrom = n8nCpu();
  await sleep(IDLE_SECONDS * 1000);
  const idle = ((n8nCpu() - idleFrom) / IDLE_SECONDS) * 1000;
  idleCpu.set(`n8n ${stack.mode}`, idle);
  console.log(
    `n8n ${stack.mode} idle: ${idle.toFixed(0)} ms of CPU a second, across ${stack.n8n.processes.length} processes`,
  );
  const target = `n8n ${stack.mode}`;
  // n8n runs a path faster once it has run it for a while (V8 optimises its code as it runs): a round of every
  // action, not counted, first, so each is measured warm, as a deployed n8n runs them. Then COST_ROUNDS rounds of
  // every action, the floor measured before each round and after the last (costRounds: each round's multiples
  // against the floor either side of it, an action's verdict the median of its rounds), so neither a drift of the
  // machine's speed nor one slow run decides a verdict.
  for (const action of [FLOOR_ACTION, ...BENCH_ACTIONS]) {
    const url = action === FLOOR_ACTION ? stack.floorUrl : stack.n8n.webhookUrl;
    await measureThroughput(target, url, action, WARM_UP_SECONDS, n8nCpu);
  }
  const floor = async (round: number) => {
    const run = await measureThroughput(target, stack.floorUrl, FLOOR_ACTION, BENCH_SECONDS, n8nCpu);
    console.log(
      `${throughputLine(run)} (${round < COST_ROUNDS ? `before round ${round + 1}` : `after round ${round}`})`,
    );
    return run;
  };
  // The table lists the floor and these actions where the rounds began, before the reference server's figures.
  const at = measured.length;
  const floors: Throughput[] = [];
  const rounds: Throughput[][] = [];
  for (let round = 0; round < COST_ROUNDS; round++) {
    floors.push(await floor(round));
    const runs: Throughput[] = [];
    for (const action of BENCH_ACTIONS) {
      const run = await measureThroughput(target, stack.n8n.webhookUrl, action, BENCH_SECONDS, n8nCpu);
      console.log(`${throughputLine(run)} (round ${round + 1})`);
      runs.push(run);
      // The reference server answers three orders of magnitude faster: one run each is steady.
      if (withReference && round === 0) await measure(REFERENCE_TARGET, referenceUrl, action, referenceCpu);
    }
    rounds.push(runs);
  }
  floors.push(await floor(COST_ROUNDS));
  costRounds(floors, rounds).forEach((figures, i) => record(figures, at + i));
  const { gateway } = stack.conversation;
  await results.run(`n8n ${stack.mode}: a token for chat_thread, through request_code and verify_code`, async () => {
    // The conversation checks used up the test numbers' codes: the benchmark starts with none asked.
    stack.postgres.run('DELETE FROM thrive.code_requests');
    const next = gateway.calls.length;
    const thread = await chatThreadAction(stack.n8n.webhookUrl, async () =>
      String((await gateway.call(next, 30_000)).body.code),
    );
    await measure(`n8n ${stack.mode}`, stack.n8n.webhookUrl, thread, n8nCpu);
    return [];
  });
  if (!withReference) return;
  await results.run('reference server: a token for chat_thread, through request_code and verify_code', async () => {
    const thread = await chatThreadAction(referenceUrl, (number) => codeInReferenceLog(stack, number));
    await measure(REFERENCE_TARGET, referenceUrl, thread, referenceCpu);
    return [];
  });
}

async function runMode(stack: Stack, withReference: boolean): Promise<void> {
  timings.push(
    `${stack.mode}: ${Object.entries(stack.timings)
      .map(([part, s]) => `${part} ${s.toFixed(1)} s`)
      .join(', ')}`,
  );
  console.log(timings.at(-1));
  if (runs('contract')) {
    heading(`${stack.mode}: the contract's cases (tests/support/contract-cases.ts) against ${stack.n8n.webhookUrl}`);
    const accepted = await runContract(stack.n8n.webhookUrl, TEST_PARENT, results);

    heading(`${stack.mode}: what only a running n8n shows`);
    await runDeliveryChecks(stack, results);
    await runN8nChecks(stack, results, accepted);
  }
  if (stack.mode === 'queue' && runs('checks')) await runQueueChecks(stack, results);
  if (stack.mode === 'queue' && runs('kill')) {
    heading('queue: a worker killed mid-work, and every request retried as the outbox does');
    await runKillChecks(stack, results);
  }

  if (runs('conversation')) {
    heading(
      `${stack.mode}: the conversation and facilitators' replies from Slack${stack.mode === 'single' ? '; retention, erasure, the error workflow' : ''}`,
    );
    await runConversationChecks(stack, results);
    await runReadReceiptChecks(stack, results);
    await runPushChecks(stack, results);
    await runOutcomeChecks(stack, results);
    await runTextFallbackChecks(stack, results);
    if (stack.mode === 'single') await runHousekeepingChecks(stack, results);
  }

  if (runs('cost')) {
    heading(`${stack.mode}: requests/s of every action, about ${BENCH_SECONDS} s each after a warm-up`);
    await throughput(stack, withReference);
  }

  if (runs('journey')) {
    heading(`${stack.mode}: the browser journey against n8n ${N8N_VERSION} (tests/n8n/browser)`);
    if (ensureChromium()) await runBrowserJourney(stack, results, JOURNEY_RUNS);
    else results.add({ name: 'browser: chromium available', verdict: 'failed', ms: 0, notes: [] });
  }

  if (runs('roster')) {
    heading(`${stack.mode}: the roster's export and imports through n8n's form`);
    await runRosterChecks(stack, results);
  }

  if (runs('announcements')) {
    heading(
      `${stack.mode}: announcements and session changes from Slack, and a fan-out to ${FAN_OUT[stack.mode].parents} parents`,
    );
    await runAnnouncementChecks(stack, results);
    await runFanOutChecks(stack, results);
  }
}

// One address for n8n in every mode, so the portal is built once with it.
const n8nPort = await freePort();
let portalBuilt = false;
for (const mode of modes) {
  results.prefix = `[${mode}] `;
  heading(`n8n in ${mode} mode`);
  const stack = await startStack(install, {
    mode,
    n8nPort,
    build: !portalBuilt,
    n8nEnv,
    webhookProcesses: Number(values['webhook-processes']),
  }).catch((error: unknown) => {
    results.add({
      name: 'the stack started (Postgres, n8n, the portal, the reference server)',
      verdict: 'failed',
      ms: 0,
      notes: [String(error)],
    });
    return undefined;
  });
  if (!stack) continue;
  portalBuilt = true;
  running = stack;
  try {
    await runMode(stack, mode === modes[0]);
  } finally {
    await stack.stop();
    running = undefined;
  }
}
results.prefix = '';

heading('summary');
for (const mode of modes) {
  const contract = results.times((name) => name.startsWith(`[${mode}] contract: `));
  console.log(
    `n8n ${N8N_VERSION}, ${mode}: ${contract.count} contract cases, median ${contract.median.toFixed(0)} ms, slowest ${contract.max.toFixed(0)} ms`,
  );
}
for (const line of timings) console.log(line);
console.log(`\nrequests/s, ${BENCH_SECONDS} s runs, 10 connections, and the server's CPU per request:`);
console.log(throughputTable(measured));
console.log(
  "\nn8n's CPU per request, action by action, against its floor in the same run (goals: 3x, chat_thread 2x):",
);
for (const mode of modes) console.log(costTable(measured, `n8n ${mode}`, idleCpu.get(`n8n ${mode}`)));
console.log(`\ntotal ${minutes(Date.now() - started)}`);
console.log(results.closingLine());
process.exit(results.count('failed') > 0 ? 1 : 0);
