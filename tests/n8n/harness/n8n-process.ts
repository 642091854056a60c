/**
 * One n8n for one test run: a temporary user folder (its SQLite database,
 * encryption key and logs), the Postgres credential and the workflow
 * imported and published through n8n's CLI, then `n8n start` on 127.0.0.1
 * in a process group of its own, so stop() ends it with its task runner.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';
import { CREDENTIALS, WEBHOOK_PATH, WORKFLOW_ID } from '../../../n8n/source/workflow/ids.ts';
import { SLACK_TOKEN } from './fake-slack.ts';
import type { N8nInstall } from './install.ts';
import { freePort } from './ports.ts';
import { PG_DATABASE, PG_USER } from './postgres.ts';

export interface RunningN8n {
  url: string;
  webhookUrl: string;
  /** Seconds from `n8n start` until the webhook answered. */
  startSeconds: number;
  /** n8n's own folder (N8N_USER_FOLDER): its SQLite database is .n8n/database.sqlite. */
  userFolder: string;
  /** The process group n8n and its task runner run in. */
  processGroup: number;
  output(): string;
  stop(): Promise<void>;
}

export interface N8nOptions {
  install: N8nInstall;
  workflowPath: string;
  postgresPort: number;
  /** The fake Slack Web API the workflow posts to (THRIVE_SLACK_API_URL). */
  slackUrl: string;
  /** The portal's origin, the one CORS allows (THRIVE_ALLOWED_ORIGINS). */
  allowedOrigins: string;
  /** Chosen beforehand, so the portal can be built with the webhook's address while n8n starts. */
  port: number;
}

/** Where reschedules, consults and calls are announced (THRIVE_STAFF_CHANNEL). */
export const STAFF_CHANNEL = '#thrive-staff-test';

export const webhookUrlAt = (port: number) => `http://127.0.0.1:${port}/webhook/${WEBHOOK_PATH}`;

function credentialsFile(folder: string, postgresPort: number): string {
  const { id, name } = CREDENTIALS.postgres.postgres;
  const slack = CREDENTIALS.slack.slackApi;
  const file = join(folder, 'credentials.json');
  const data = {
    host: '127.0.0.1',
    port: postgresPort,
    database: PG_DATABASE,
    user: PG_USER,
    password: '',
    ssl: 'disable',
  };
  writeFileSync(
    file,
    JSON.stringify([
      { id, name, type: 'postgres', data },
      { id: slack.id, name: slack.name, type: 'slackApi', data: { accessToken: SLACK_TOKEN } },
    ]),
  );
  return file;
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

/**
 * n8n answers /healthz and even the webhook path (404, or a 503 page) a
 * while before it has activated the workflow: wait for the workflow's own
 * answer to an empty body.
 */
async function waitForWebhook(webhookUrl: string, isRunning: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isRunning()) {
    const text = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
      .then(async (response) => (response.status === 400 ? await response.text() : ''))
      .catch(() => '');
    if (text === ANSWER_TEXTS.en.missingAction) return;
    await sleep(250);
  }
  throw new Error(isRunning() ? `n8n's webhook did not answer within ${timeoutMs} ms` : 'n8n exited');
}

export async function startN8n({
  install,
  workflowPath,
  postgresPort,
  slackUrl,
  allowedOrigins,
  port,
}: N8nOptions): Promise<RunningN8n> {
  const folder = mkdtempSync(join(tmpdir(), 'thrive-n8n-'));
  const brokerPort = await freePort();
  const env = {
    ...process.env,
    PATH: `${install.nodeBinDir}:${process.env.PATH ?? ''}`,
    NODE_ENV: 'production',
    N8N_USER_FOLDER: folder,
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PORT: String(port),
    N8N_RUNNERS_BROKER_PORT: String(brokerPort),
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_LOG_LEVEL: 'warn',
    N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
    THRIVE_SLACK_API_URL: slackUrl,
    THRIVE_STAFF_CHANNEL: STAFF_CHANNEL,
    THRIVE_ALLOWED_ORIGINS: allowedOrigins,
  };
  const cli = (args: string[]) => run(install.n8n, args, env);
  try {
    await cli(['import:credentials', `--input=${credentialsFile(folder, postgresPort)}`]);
    // Every workflow beside it: the conversation's, which this one calls, once it is there.
    const folderOfWorkflows = dirname(workflowPath);
    for (const file of readdirSync(folderOfWorkflows).filter((name) => name.endsWith('.workflow.json'))) {
      await cli(['import:workflow', `--input=${join(folderOfWorkflows, file)}`]);
    }
    await cli(['publish:workflow', `--id=${WORKFLOW_ID}`]);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  const started = Date.now();
  const child = spawn(install.n8n, ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals) => {
    if (child.pid && isRunning()) process.kill(-child.pid, name);
  };
  const stop = async () => {
    signal('SIGTERM');
    const forced = setTimeout(() => signal('SIGKILL'), 15_000);
    await exited;
    clearTimeout(forced);
    rmSync(folder, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const webhookUrl = webhookUrlAt(port);
  try {
    await waitForWebhook(webhookUrl, isRunning, 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    webhookUrl,
    startSeconds: (Date.now() - started) / 1000,
    userFolder: folder,
    processGroup: child.pid ?? 0,
    output: () => output,
    stop,
  };
}
