/**
 * Requests per second of every action, on n8n (each mode) and on the
 * reference server, measured the same way in the same run: autocannon from
 * this process over 127.0.0.1, 10 connections, a fresh request_id in every
 * request (so each one is checked, answered and stored, never replayed).
 * The two differ by two orders of magnitude, so each run is a number of
 * requests sized from a warm-up to last about `seconds`, rather than a
 * fixed time a slow server may not answer a single request in. It prints
 * figures and fails nothing but an answer other than 200.
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';
import { median } from '../../../bench/perf/figures.ts';
import { buildEnvelope, type EnvelopeInput } from '../../../src/shared/webhook/envelope.ts';
import type { Action, User } from '../../../src/shared/webhook/types.ts';
import { fileOf, TEST_PARENT, VISITOR } from '../../support/envelopes.ts';

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  /** Seconds. */
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  amount: number;
  timeout: number;
  sampleInt: number;
  requests: { method: string; headers: Record<string, string>; setupRequest: (r: object) => object }[];
}) => Promise<AutocannonResult>;

// autocannon ships no types; this is the slice of its documented API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** One action as the benchmark sends it: a body with a placeholder request_id (where the action has one). */
export interface BenchAction {
  /** How the table names it. */
  name: string;
  body(requestId: string): string;
  headers?: Record<string, string>;
}

const bodyOf =
  <A extends Action>(input: () => Omit<EnvelopeInput<A>, 'requestId'>) =>
  (requestId: string) =>
    JSON.stringify(buildEnvelope({ ...input(), requestId }));

/** Tomorrow in India: a day every backend accepts for a reschedule, whenever the run is. */
const tomorrowIst = () => formatInTimeZone(new Date(Date.now() + 86_400_000), 'Asia/Kolkata', 'yyyy-MM-dd');

/** Every action a parent or visitor sends, as the portal sends it. */
export const BENCH_ACTIONS: readonly BenchAction[] = [
  { name: 'know_schedule', body: bodyOf(() => ({ action: 'know_schedule', user: TEST_PARENT, payload: {} })) },
  {
    name: 'reschedule_single',
    body: bodyOf(() => ({
      action: 'reschedule_single',
      user: TEST_PARENT,
      payload: { date: tomorrowIst() },
      note: 'A family wedding',
    })),
  },
  {
    name: 'chat_facilitator, 2 KB photo',
    body: bodyOf(() => ({
      action: 'chat_facilitator',
      user: TEST_PARENT,
      payload: { message: 'Her homework', attachments: [fileOf(2048)] },
    })),
  },
  {
    name: 'book_consult',
    body: bodyOf(() => ({ action: 'book_consult', user: VISITOR, payload: {}, message: 'My son is 7' })),
  },
  {
    name: 'schedule_call',
    body: bodyOf(() => ({ action: 'schedule_call', user: VISITOR, payload: {}, preferredTimes: 'Evenings' })),
  },
];

/** n8n's floor (floor-workflow.ts): what any request costs n8n, whatever the workflow. */
export const FLOOR_ACTION: BenchAction = { name: "n8n's floor: Webhook, Respond", body: () => '{}' };

/** The goal for each action's CPU per request, in floors: chat_thread, which an open thread repeats, 2; others 3. */
const goalOf = (action: string) => (action.startsWith('chat_thread') ? 2 : 3);

/** On the test roster without a chat of their own, so every backend reads the same (empty) thread. */
const QUIET_PARENT: User = { name: 'Quiet Parent', number: '9000000002' };

async function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/**
 * chat_thread, the conversation's read, which the portal repeats while a
 * thread is open: its token is got once, through request_code and
 * verify_code with the code `sentCode` finds where the backend sent it.
 * request_code and verify_code themselves are limited by design (3 codes a
 * number in 15 minutes, 10 an address in an hour, 5 tries a code), so they
 * have no requests/s to measure.
 */
export async function chatThreadAction(
  url: string,
  sentCode: (number: string) => Promise<string>,
): Promise<BenchAction> {
  const asked = await postJson(url, { action: 'request_code', user: QUIET_PARENT });
  if (asked.status !== 200) throw new Error(`request_code: ${asked.status} ${asked.text}`);
  const code = await sentCode(QUIET_PARENT.number);
  const verified = await postJson(url, { action: 'verify_code', user: QUIET_PARENT, payload: { code } });
  if (verified.status !== 200) throw new Error(`verify_code: ${verified.status} ${verified.text}`);
  const { token } = JSON.parse(verified.text) as { token: string };
  return {
    name: 'chat_thread, nothing new',
    body: () => JSON.stringify({ action: 'chat_thread' }),
    headers: { authorization: `Bearer ${token}` },
  };
}

export interface Throughput {
  target: string;
  action: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU the server's processes spent per answered request, in milliseconds. */
  cpuMsPerRequest: number;
  /** Measured in rounds (costRounds): its CPU per request as a multiple of the floor of each round. */
  floors?: number[];
}

const CONNECTIONS = 10;
/** How the table names the reference server's column. */
export const REFERENCE_TARGET = 'reference server';
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

export async function measureThroughput(
  target: string,
  url: string,
  action: BenchAction,
  seconds: number,
  serverCpu: () => number,
): Promise<Throughput> {
  const [before = '', after] = action.body(PLACEHOLDER_ID).split(PLACEHOLDER_ID);
  const body = after === undefined ? () => before : () => `${before}${randomUUID()}${after}`;
  const run = (amount: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      amount,
      timeout: 120,
      // autocannon notices the last answer at its next sample: its default second would round every run up to one.
      sampleInt: 10,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...action.headers },
          setupRequest: (request) => ({ ...request, body: body() }),
        },
      ],
    });
  // A short warm-up underrates a server that speeds up as it warms: size again until a run lasts long enough.
  let result = await run(2 * CONNECTIONS);
  let cpuBefore = 0;
  for (let attempt = 0; attempt < 3 && (attempt === 0 || result.duration < seconds / 2); attempt++) {
    const amount = Math.max(2 * CONNECTIONS, Math.round((result.requests.total / result.duration) * seconds));
    cpuBefore = serverCpu();
    result = await run(amount);
  }
  const answered = result.requests.total - result.non2xx;
  return {
    target,
    action: action.name,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: answered > 0 ? ((serverCpu() - cpuBefore) / answered) * 1000 : 0,
  };
}

/**
 * Runs of one action on one target as one figure: all their requests over all their time, their CPU over all
 * their requests, their median latency weighed by requests and their worst p99.
 */
export function pooled(runs: readonly Throughput[]): Throughput {
  const [first] = runs;
  if (!first) throw new Error('no run to pool');
  const requests = runs.reduce((sum, t) => sum + t.requests, 0);
  const weighed = (figure: (t: Throughput) => number) =>
    runs.reduce((sum, t) => sum + figure(t) * t.requests, 0) / requests;
  return {
    ...first,
    requests,
    requestsPerSecond: requests / runs.reduce((sum, t) => sum + t.requests / t.requestsPerSecond, 0),
    p50: Math.round(weighed((t) => t.p50)),
    p99: Math.max(...runs.map((t) => t.p99)),
    failures: runs.reduce((sum, t) => sum + t.failures, 0),
    cpuMsPerRequest: weighed((t) => t.cpuMsPerRequest),
  };
}

/**
 * The cost table's rounds as its figures. `floors` are the floor's runs, one before each round and one after the
 * last; `rounds` the actions' runs, round by round. Each action's multiple in a round is against the floor pooled
 * from the runs either side of that round, so the machine's speed at that moment weighs on both sides; its figure
 * is its runs pooled, and its multiple the median of its rounds, so one round a busy neighbour slowed does not decide
 * the verdict. The floor comes first, all its runs pooled.
 */
export function costRounds(floors: readonly Throughput[], rounds: readonly (readonly Throughput[])[]): Throughput[] {
  if (rounds.length === 0 || floors.length !== rounds.length + 1) {
    throw new Error(`${rounds.length} rounds need ${rounds.length + 1} floor runs, not ${floors.length}`);
  }
  const floorOf = rounds.map((_, round) => pooled(floors.slice(round, round + 2)).cpuMsPerRequest);
  const actions = [...new Set(rounds.flat().map((t) => t.action))];
  return [
    pooled(floors),
    ...actions.map((action) => {
      const runs = rounds.map((round) => round.find((t) => t.action === action));
      if (runs.some((t) => t === undefined)) throw new Error(`${action} is missing from a round`);
      const measured = runs as Throughput[];
      return { ...pooled(measured), floors: measured.map((t, round) => t.cpuMsPerRequest / (floorOf[round] ?? 0)) };
    }),
  ];
}

const rate = (t: Throughput) =>
  t.requestsPerSecond < 10 ? t.requestsPerSecond.toFixed(1) : t.requestsPerSecond.toFixed(0);

export function throughputLine(t: Throughput): string {
  const figures = `${rate(t).padStart(6)} requests/s (${t.requests} requests), p50 ${t.p50} ms, p99 ${t.p99} ms, server CPU ${t.cpuMsPerRequest.toFixed(1)} ms/request`;
  return `${t.target.padEnd(18)} ${t.action.padEnd(30)} ${figures}${t.failures ? `, ${t.failures} failed` : ''}`;
}

/** One row per action, one column per target: requests/s, and the server's CPU per request. */
export function throughputTable(measured: readonly Throughput[]): string {
  // n8n's modes first, the reference server last, whichever was measured first.
  const targets = [...new Set(measured.map((t) => t.target))].sort(
    (a, b) => Number(a === REFERENCE_TARGET) - Number(b === REFERENCE_TARGET),
  );
  const actions = [...new Set(measured.map((t) => t.action))];
  const cell = (t: Throughput | undefined) =>
    t ? `${rate(t)}/s, ${t.cpuMsPerRequest.toFixed(1)} ms CPU${t.failures ? ` (${t.failures} failed)` : ''}` : '-';
  const rows = [
    ['action', ...targets],
    ...actions.map((action) => [
      action,
      ...targets.map((target) => cell(measured.find((t) => t.target === target && t.action === action))),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  const line = (row: string[]) => `| ${row.map((text, i) => text.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

/**
 * One n8n target's CPU per request, action by action, beside its floor's (FLOOR_ACTION, measured in the same run
 * on the same n8n), as a multiple of it (for an action measured in rounds, the median of its rounds' multiples,
 * each listed), and the goal: each action within 3 floors, chat_thread within 2. Given
 * what n8n's processes spend idle (ms of CPU a second), also each figure without it: an action answered at fewer
 * requests a second carries more of the idle time per request.
 */
export function costTable(measured: readonly Throughput[], target: string, idleMsPerSecond?: number): string {
  const ofTarget = measured.filter((t) => t.target === target);
  const less = (t: Throughput) => t.cpuMsPerRequest - (idleMsPerSecond ?? 0) / t.requestsPerSecond;
  const floor = ofTarget.find((t) => t.action === FLOOR_ACTION.name);
  if (!floor) return `${target}: no floor measured`;
  const rows = [
    [
      'action',
      'CPU/request',
      'floors',
      'rounds',
      'goal',
      ...(idleMsPerSecond === undefined ? [] : ['less idle', 'floors']),
    ],
    ...ofTarget.map((t) => {
      const floors = t.floors ? median(t.floors) : t.cpuMsPerRequest / floor.cpuMsPerRequest;
      const goal = goalOf(t.action);
      return [
        t.action,
        `${t.cpuMsPerRequest.toFixed(1)} ms`,
        `${floors.toFixed(1)}x`,
        t.floors?.map((multiple) => multiple.toFixed(1)).join(', ') ?? '',
        t.action === FLOOR_ACTION.name ? '' : `${goal}x: ${floors <= goal ? 'within' : 'over'}`,
        ...(idleMsPerSecond === undefined
          ? []
          : [`${less(t).toFixed(1)} ms`, `${(less(t) / less(floor)).toFixed(1)}x`]),
      ];
    }),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  const line = (row: string[]) => `| ${row.map((text, i) => text.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head = [], ...body] = rows;
  const idle = idleMsPerSecond === undefined ? '' : ` (idle: ${idleMsPerSecond.toFixed(0)} ms of CPU a second)`;
  return [
    `${target}${idle}:`,
    line(head),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}
