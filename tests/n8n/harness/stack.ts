/**
 * Everything one `npm run n8n -- test` starts, started side by side where it
 * can be (the portal builds while n8n imports and starts), and stopped in
 * reverse whatever happened: Postgres with the workflow's tables and both
 * rosters (the seed roster for the browser journey, the test roster for the
 * contract cases), the fake Slack Web API, n8n, and the reference server.
 */
import { readFileSync } from 'node:fs';
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';
import { SCHEMA_SQL_PATH, SEED_ROSTER_SQL_PATH, WORKFLOW_PATH } from '../../../n8n/source/workflow/ids.ts';
import { rosterSql } from '../../../n8n/source/workflow/roster-sql.ts';
import { startFakeSlack, type FakeSlack } from './fake-slack.ts';
import type { N8nInstall } from './install.ts';
import { startN8n, webhookUrlAt, type RunningN8n } from './n8n-process.ts';
import { buildPortal, startReferenceServer, type ReferenceServer } from './portal.ts';
import { freePort } from './ports.ts';
import { startPostgres, type Postgres } from './postgres.ts';

/** The per-number limit (n8n/schema.sql): off while the contract cases and the benchmark run, on for its own check. */
export const LIMIT_SETTING = 'requests_per_number_per_minute';

export interface Stack {
  postgres: Postgres;
  slack: FakeSlack;
  n8n: RunningN8n;
  reference: ReferenceServer;
  /** Seconds each part took to be ready. */
  timings: Record<string, number>;
  stop(): Promise<void>;
}

const seconds = (since: number) => (Date.now() - since) / 1000;

export async function startStack(install: N8nInstall): Promise<Stack> {
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

    const slack = await startFakeSlack();
    stops.push(() => slack.close());
    const port = await freePort();
    // Chosen now: n8n's CORS allow-list (THRIVE_ALLOWED_ORIGINS) names the portal's origin.
    const referencePort = await freePort();
    since = Date.now();
    const building = buildPortal(webhookUrlAt(port)).then(() => (timings['portal build'] = seconds(since)));
    // Handled at once: a build failing while n8n starts must not end this process before it stops what it started.
    const built = building.then(
      () => undefined,
      () => undefined,
    );
    const n8n = await startN8n({
      install,
      workflowPath: WORKFLOW_PATH,
      postgresPort: postgres.port,
      slackUrl: slack.url,
      allowedOrigins: `http://127.0.0.1:${referencePort}`,
      port,
    }).finally(() => built);
    stops.push(() => n8n.stop());
    timings['n8n import, publish and start'] = seconds(since);
    timings['n8n start alone'] = n8n.startSeconds;
    await building;

    since = Date.now();
    const reference = await startReferenceServer(n8n.webhookUrl, referencePort);
    stops.push(() => reference.close());
    timings['reference server'] = seconds(since);
    return { postgres, slack, n8n, reference, timings, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
