/**
 * n8n for one test run, in one of two modes:
 * - single: one `n8n start` on its own SQLite, in a temporary user folder;
 * - queue: a main `n8n start`, `n8n webhook` processes taking the webhooks
 *   behind a load balancer (the main one takes none:
 *   N8N_DISABLE_PRODUCTION_MAIN_PROCESS) and `n8n worker`s running the
 *   executions, sharing a Postgres database (n8n's own), Redis (the queue) and
 *   one encryption key, as n8n/README.md tells an admin to run it.
 * The credentials (Postgres, Slack's token) and every workflow are imported and published
 * through n8n's CLI first. Each process runs in a process group of its own,
 * so stop() ends it with its task runner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';
import { CREDENTIALS, WEBHOOK_PATHS } from '../../../n8n/source/toolkit/ids.ts';
import { SLACK_TOKEN } from './fake-slack.ts';
import type { N8nInstall } from './install.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { freePort } from './ports.ts';
import { PG_DATABASE, PG_USER } from './postgres.ts';

export type N8nMode = 'single' | 'queue';

/** One n8n process: the main instance or a worker. */
export interface N8nProcess {
  name: string;
  /** The process group it and its task runner run in. */
  processGroup: number;
  /** Everything it wrote so far (workers log at info level: "Worker started execution …"). */
  output(): string;
}

export interface RunningN8n {
  mode: N8nMode;
  url: string;
  webhookUrl: string;
  /** Seconds from starting the processes until the webhook answered. */
  startSeconds: number;
  /** The main instance first, then the webhook processes and the workers. */
  processes: N8nProcess[];
  workers: N8nProcess[];
  /** Queue mode: the `n8n webhook` processes behind the balancer at `url`, each with its own address. */
  webhookProcesses: (N8nProcess & { url: string })[];
  /** Queue mode: the connections the balancer gave each webhook process. */
  balanced(): number[];
  /** The main instance's own address (in queue mode it takes no production webhook). */
  mainUrl: string;
  /** Runs an n8n command (e.g. `execute --id=…`) with the main instance's folder and environment. */
  cli(args: string[]): Promise<void>;
  /**
   * Queue mode: SIGKILL a worker's process group (the worker and its task runner, as a crash or an OOM kill ends
   * them), and once it is gone start a worker in its place (`workers` and `processes` then list the new one):
   * `replaced` resolves when that one is ready.
   */
  killWorker(worker: N8nProcess): Promise<{ replaced: Promise<void> }>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  redisPort: number;
  /** n8n's own database, in the same Postgres as the workflow's tables. */
  database: string;
  workers: number;
  /** Executions each worker runs at once (`n8n worker --concurrency`). */
  concurrency: number;
  /** `n8n webhook` processes, behind a balancer at the n8n port. */
  webhookProcesses: number;
}

export interface N8nOptions {
  install: N8nInstall;
  /** Every workflow to import and publish. */
  workflowPaths: readonly string[];
  postgresPort: number;
  /** Chosen beforehand, so the portal can be built with the webhook's address while n8n starts. */
  port: number;
  /** What the workflows read from the environment (where Slack is, …). */
  env: Record<string, string>;
  /** Queue mode with these; single mode without. */
  queue?: QueueOptions;
}

/** Where reschedules, consults and calls are announced (THRIVE_STAFF_CHANNEL). */
export const STAFF_CHANNEL = '#thrive-staff-test';

/** The user and secret of the "Thrive roster login" credential, which the roster's form and export ask for. */
export const ROSTER_LOGIN = { user: 'roster-admin', secret: 'roster-login-for-tests' } as const;

export const webhookUrlAt = (port: number) => `http://127.0.0.1:${port}/webhook/${WEBHOOK_PATHS.portal}`;

function credentialsFile(folder: string, postgresPort: number): string {
  const { id, name } = CREDENTIALS.postgres.postgres;
  const file = join(folder, 'credentials.json');
  const data = {
    host: '127.0.0.1',
    port: postgresPort,
    database: PG_DATABASE,
    user: PG_USER,
    password: '',
    ssl: 'disable',
  };
  const slack = CREDENTIALS.slack.slackApi;
  writeFileSync(
    file,
    JSON.stringify([
      { id, name, type: 'postgres', data },
      { id: slack.id, name: slack.name, type: 'slackApi', data: { accessToken: SLACK_TOKEN } },
      {
        ...CREDENTIALS.rosterLogin.httpBasicAuth,
        type: 'httpBasicAuth',
        data: { user: ROSTER_LOGIN.user, password: ROSTER_LOGIN.secret },
      },
    ]),
  );
  return file;
}

/** Every workflow in one file (import:workflow takes a list), and their ids to publish. */
function workflowsFile(folder: string, paths: readonly string[]): { file: string; ids: string[] } {
  const workflows = paths.map((path) => JSON.parse(readFileSync(path, 'utf8')) as { id?: string });
  const ids = workflows.map((workflow, i) => {
    if (!workflow.id) throw new Error(`${paths[i]} has no id: n8n would give it a new one on every import`);
    return workflow.id;
  });
  const file = join(folder, 'workflows.json');
  writeFileSync(file, JSON.stringify(workflows));
  return { file, ids };
}

/** Runs a command to its end without blocking this process (the portal builds meanwhile). */
function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${file} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

interface Spawned extends N8nProcess {
  isRunning(): boolean;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

function spawnGroup(name: string, file: string, args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child: ChildProcess = spawn(file, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const signal = (signalName: NodeJS.Signals) => {
    if (child.pid && isRunning()) process.kill(-child.pid, signalName);
  };
  return {
    name,
    processGroup: child.pid ?? 0,
    output: () => output,
    isRunning,
    async stop() {
      signal('SIGTERM');
      const forced = setTimeout(() => signal('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    },
    async kill() {
      signal('SIGKILL');
      await exited;
    },
  };
}

/** Polls `check` until it is true, failing when `alive` turns false or time runs out. */
async function waitFor(what: string, check: () => Promise<boolean>, alive: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && alive()) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(alive() ? `${what} did not answer within ${timeoutMs} ms` : `${what} exited`);
}

/**
 * n8n answers /healthz and even the webhook path (404, or a 503 page) a
 * while before it has activated the workflow: wait for the workflow's own
 * answer to an empty body (in queue mode, run by a worker).
 */
const webhookAnswers = (webhookUrl: string) => async () => {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(10_000),
  });
  return response.status === 400 && (await response.text()) === ANSWER_TEXTS.en.missingAction;
};

export async function startN8n({
  install,
  workflowPaths,
  postgresPort,
  port,
  env,
  queue,
}: N8nOptions): Promise<RunningN8n> {
  const folder = mkdtempSync(join(tmpdir(), 'thrive-n8n-'));
  const folderOf = (name: string) => {
    const path = join(folder, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${install.nodeBinDir}:${process.env.PATH ?? ''}`,
    NODE_ENV: 'production',
    N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_LOG_LEVEL: 'warn',
    N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
    ...env,
    ...(queue && {
      EXECUTIONS_MODE: 'queue',
      DB_TYPE: 'postgresdb',
      DB_POSTGRESDB_HOST: '127.0.0.1',
      DB_POSTGRESDB_PORT: String(postgresPort),
      DB_POSTGRESDB_DATABASE: queue.database,
      DB_POSTGRESDB_USER: PG_USER,
      DB_POSTGRESDB_PASSWORD: '',
      QUEUE_BULL_REDIS_HOST: '127.0.0.1',
      QUEUE_BULL_REDIS_PORT: String(queue.redisPort),
    }),
  };
  // With webhook processes, the balancer takes the n8n port and the main instance one of its own.
  const mainPort = queue?.webhookProcesses ? await freePort() : port;
  const mainEnv = {
    ...shared,
    N8N_USER_FOLDER: folderOf('main'),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PORT: String(mainPort),
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    ...(queue?.webhookProcesses && { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' }),
  };
  const cli = (args: string[]) => run(install.n8n, args, mainEnv);
  try {
    await cli(['import:credentials', `--input=${credentialsFile(folder, postgresPort)}`]);
    const workflows = workflowsFile(folder, workflowPaths);
    await cli(['import:workflow', `--input=${workflows.file}`]);
    for (const id of workflows.ids) await cli(['publish:workflow', `--id=${id}`]);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  const started = Date.now();
  const workers: (Spawned & { healthUrl: string })[] = [];
  let workersStarted = 0;
  const startWorker = async () => {
    const i = ++workersStarted;
    const healthPort = await freePort();
    const workerEnv = {
      ...shared,
      N8N_USER_FOLDER: folderOf(`worker-${i}`),
      N8N_LOG_LEVEL: 'info',
      N8N_RUNNERS_BROKER_PORT: String(await freePort()),
      QUEUE_HEALTH_CHECK_ACTIVE: 'true',
      QUEUE_HEALTH_CHECK_PORT: String(healthPort),
      N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
    };
    return {
      ...spawnGroup(`worker ${i}`, install.n8n, ['worker', `--concurrency=${queue?.concurrency ?? 1}`], workerEnv),
      healthUrl: `http://127.0.0.1:${healthPort}/healthz/readiness`,
    };
  };
  const workerReady = (worker: Spawned & { healthUrl: string }) =>
    waitFor(`n8n ${worker.name}`, async () => (await fetch(worker.healthUrl)).ok, worker.isRunning, 120_000);
  for (let i = 1; i <= (queue?.workers ?? 0); i++) workers.push(await startWorker());
  const main = spawnGroup('main', install.n8n, ['start'], mainEnv);
  const webhookProcesses: (Spawned & { url: string })[] = [];
  for (let i = 1; i <= (queue?.webhookProcesses ?? 0); i++) {
    const webhookPort = await freePort();
    const webhookEnv = {
      ...shared,
      N8N_USER_FOLDER: folderOf(`webhook-${i}`),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_PORT: String(webhookPort),
      N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    };
    webhookProcesses.push({
      ...spawnGroup(`webhook ${i}`, install.n8n, ['webhook'], webhookEnv),
      url: `http://127.0.0.1:${webhookPort}`,
    });
  }
  const processes: Spawned[] = [main, ...webhookProcesses, ...workers];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.close();
    await Promise.all(processes.map((p) => p.stop()));
    rmSync(folder, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const webhookUrl = webhookUrlAt(port);
  try {
    if (webhookProcesses.length > 0) {
      balancer = await startBalancer(
        port,
        webhookProcesses.map((p) => Number(new URL(p.url).port)),
      );
    }
    await Promise.all([
      ...workers.map(workerReady),
      ...webhookProcesses.map((p) =>
        waitFor(`n8n ${p.name}`, webhookAnswers(`${p.url}/webhook/${WEBHOOK_PATHS.portal}`), p.isRunning, 120_000),
      ),
      waitFor("n8n's webhook", webhookAnswers(webhookUrl), main.isRunning, 120_000),
    ]);
  } catch (error) {
    await stop();
    const logs = processes.map((p) => `--- ${p.name}\n${p.output()}`).join('\n');
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return {
    mode: queue ? 'queue' : 'single',
    url,
    webhookUrl,
    startSeconds: (Date.now() - started) / 1000,
    processes,
    workers,
    webhookProcesses,
    balanced: () => [...(balancer?.connections ?? [])],
    mainUrl: `http://127.0.0.1:${mainPort}`,
    // Its own task runner broker port: the running main instance holds its own.
    cli: async (args) => run(install.n8n, args, { ...mainEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()) }),
    async killWorker(chosen) {
      const index = workers.findIndex((worker) => worker.processGroup === chosen.processGroup);
      const worker = workers[index];
      if (!worker) throw new Error(`${chosen.name} is not a running worker`);
      await worker.kill();
      const replacement = await startWorker();
      workers[index] = replacement;
      processes[processes.indexOf(worker)] = replacement;
      return { replaced: workerReady(replacement) };
    },
    stop,
  };
}
