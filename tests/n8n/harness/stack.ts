/**
 * Everything one mode of `npm run test:n8n` starts, started side by side
 * where it can be (the portal builds while n8n imports and starts), and
 * stopped in reverse whatever happened: Postgres with the workflow's tables
 * and both rosters (the seed roster for the browser journey, the test roster
 * for the contract cases), the fake Slack Web API, n8n (single: one process on its
 * own SQLite; queue: Redis, n8n's own database in the same Postgres, a main
 * instance and workers), and the reference server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';
import { rosterSql } from '../../../n8n/source/database/roster-sql.ts';
import { SCHEMA_SQL_PATH, SEED_ROSTER_SQL_PATH, WORKFLOWS } from '../../../n8n/source/toolkit/ids.ts';
import { startConversationFakes, type ConversationFakes } from './conversation-fakes.ts';
import { startFakeSlack, type FakeSlack } from './fake-slack.ts';
import { FLOOR_PATH, floorWorkflow } from './floor-workflow.ts';
import type { N8nInstall } from './install.ts';
import {
  startN8n,
  STAFF_CHANNEL,
  webhookUrlAt,
  type N8nMode,
  type QueueOptions,
  type RunningN8n,
} from './n8n-process.ts';
import { buildPortal, startReferenceServer, type ReferenceServer } from './portal.ts';
import { startPushFakes, type PushFakes } from './push-fakes.ts';
import { freePort } from './ports.ts';
import { startPostgres, type Postgres } from './postgres.ts';
import { startRedis } from './redis.ts';

/** The per-number limit (n8n/schema.sql): off while the contract cases and the benchmark run, on for its own check. */
export const LIMIT_SETTING = 'requests_per_number_per_minute';

/** Queue mode's shape: two workers, so a test can see executions spread across them. */
export const QUEUE_WORKERS = 2;
/** n8n's docs advise 5 or more; with 2 workers, 20 copies of one request keep both busy. */
export const WORKER_CONCURRENCY = 5;
/** Queue mode's intake: `n8n webhook` processes behind a balancer, the main instance taking no webhook. */
export const WEBHOOK_PROCESSES = 2;

/** Every workflow in n8n/ (the portal's, and those it calls or that run beside it): all imported and published. */
export const WORKFLOW_PATHS: readonly string[] = readdirSync(dirname(WORKFLOWS.portal.path))
  .filter((name) => name.endsWith('.workflow.json'))
  .sort()
  .map((name) => join(dirname(WORKFLOWS.portal.path), name));

export interface Stack {
  mode: N8nMode;
  postgres: Postgres;
  slack: FakeSlack;
  /** The gateways the conversation workflow sends codes to and the texts workflow texts. */
  conversation: ConversationFakes;
  /** The fake push service and the VAPID keys the push workflow signs with. */
  push: PushFakes;
  n8n: RunningN8n;
  /** n8n's floor (floor-workflow.ts): a Webhook and its Respond to Webhook, on the same n8n. */
  floorUrl: string;
  reference: ReferenceServer;
  /** Seconds each part took to be ready. */
  timings: Record<string, number>;
  stop(): Promise<void>;
}

export interface StackOptions {
  mode: N8nMode;
  /** n8n's port, the same in both modes, so the portal built with its address serves both. */
  n8nPort: number;
  /** Build the portal (once per run: it does not change between modes). */
  build: boolean;
  /** More settings for every n8n process (`--n8n-env`). */
  n8nEnv?: Record<string, string>;
  /** Queue mode: how many `n8n webhook` processes take the webhooks (0: the main instance does). */
  webhookProcesses?: number;
}

const seconds = (since: number) => (Date.now() - since) / 1000;

export async function startStack(
  install: N8nInstall,
  { mode, n8nPort, build, n8nEnv = {}, webhookProcesses = WEBHOOK_PROCESSES }: StackOptions,
): Promise<Stack> {
  const stops: (() => Promise<void> | void)[] = [];
  // Once, however often it is asked for (the run's end and a Ctrl-C may both ask).
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const step of [...stops].reverse()) {
        await Promise.resolve(step()).catch((error: unknown) => console.error(error));
      }
    })());
  const timings: Record<string, number> = {};
  try {
    let since = Date.now();
    const postgres = await startPostgres();
    stops.push(() => postgres.stop());
    postgres.run(readFileSync(SCHEMA_SQL_PATH, 'utf8'));
    postgres.run(readFileSync(SEED_ROSTER_SQL_PATH, 'utf8'));
    postgres.run(rosterSql(readRosterFile(TEST_ROSTER_PATH), 'server/roster.test.json'));
    postgres.run(`UPDATE thrive.settings SET value = 0 WHERE name = '${LIMIT_SETTING}'`);
    timings.postgres = seconds(since);

    let queue: QueueOptions | undefined;
    if (mode === 'queue') {
      since = Date.now();
      const redis = await startRedis();
      stops.push(() => redis.stop());
      timings.redis = seconds(since);
      postgres.createDatabase('n8n');
      queue = {
        redisPort: redis.port,
        database: 'n8n',
        workers: QUEUE_WORKERS,
        concurrency: WORKER_CONCURRENCY,
        webhookProcesses,
      };
    }

    const slack = await startFakeSlack();
    stops.push(() => slack.close());
    const conversation = await startConversationFakes();
    stops.push(() => conversation.stop());
    const push = await startPushFakes();
    stops.push(() => push.stop());
    // Chosen now: n8n's CORS allow-list (THRIVE_ALLOWED_ORIGINS) names the portal's origin.
    const referencePort = await freePort();
    since = Date.now();
    const building = build
      ? buildPortal(webhookUrlAt(n8nPort)).then(() => (timings['portal build'] = seconds(since)))
      : Promise.resolve();
    // Handled at once: a build failing while n8n starts must not end this process before it stops what it started.
    const built = building.then(
      () => undefined,
      () => undefined,
    );
    const floorFolder = mkdtempSync(join(tmpdir(), 'thrive-floor-'));
    stops.push(() => rmSync(floorFolder, { recursive: true, force: true }));
    const floorPath = join(floorFolder, 'floor.workflow.json');
    writeFileSync(floorPath, JSON.stringify(floorWorkflow()));
    const n8n = await startN8n({
      install,
      workflowPaths: [...WORKFLOW_PATHS, conversation.wrapperPath, ...push.wrapperPaths, floorPath],
      postgresPort: postgres.port,
      port: n8nPort,
      env: {
        THRIVE_SLACK_API_URL: slack.url,
        THRIVE_STAFF_CHANNEL: STAFF_CHANNEL,
        THRIVE_ALLOWED_ORIGINS: `http://127.0.0.1:${referencePort}`,
        ...conversation.env,
        ...push.env,
        ...n8nEnv,
      },
      queue,
    }).finally(() => built);
    stops.push(() => n8n.stop());
    timings['n8n import, publish and start'] = seconds(since);
    timings['n8n start alone'] = n8n.startSeconds;
    await building;

    since = Date.now();
    const reference = await startReferenceServer(n8n.webhookUrl, referencePort);
    stops.push(() => reference.close());
    timings['reference server'] = seconds(since);
    const floorUrl = n8n.webhookUrl.replace(/[^/]+$/, FLOOR_PATH);
    return { mode, postgres, slack, conversation, push, n8n, floorUrl, reference, timings, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
