import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import type { ScryptCost } from '../../server/conversation/secrets.ts';
import { openDatabase } from '../../server/db/database.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { createPortalServer, type PortalServer } from '../../server/server.ts';
import { makeTempPortalDir } from '../../bench/support/portal-process.ts';

export const TEST_ROSTER_PATH = resolve(import.meta.dirname, '../../server/roster.test.json');

/** Wednesday 25 Nov 2026, 12:00 in India. */
export const WEDNESDAY_NOON_IST = new Date('2026-11-25T12:00:00+05:30');

export interface TestPortal extends PortalServer {
  config: ServerConfig;
  /** Set `clock.now` to move the server's time. */
  clock: { now: Date };
  post(body: unknown, options?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
  count(sql: string, ...params: unknown[]): number;
  dispose(): Promise<void>;
}

/**
 * The configuration of a test server in `temp`: the test roster, no rate
 * limits, no logs, the demo mode asked for by name (DEMO=1), so a test
 * without a code gateway may run behind TRUST_PROXY, and the fake push
 * service (127.0.0.1) as the one push service.
 */
export function testConfig(temp: { databasePath: string; distDir: string }, env: Record<string, string> = {}) {
  return loadConfig({
    DATABASE_PATH: temp.databasePath,
    DIST_DIR: temp.distDir,
    ROSTER_PATH: TEST_ROSTER_PATH,
    RATE_LIMIT_MAX: '0',
    RATE_LIMIT_PER_NUMBER_MAX: '0',
    LOG_LEVEL: 'silent',
    DEMO: '1',
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    ...env,
  });
}

/**
 * The scrypt cost of what tests hash, sign-in codes and staff passwords: light, as the suite hashes hundreds of them.
 * The server npm start runs hashes codes at its own cost (tests/unit/server/start.test.ts).
 */
export const TEST_SECRET_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/**
 * What a test may hand the server in place of the outside world: the outcome seam, the push service's agent, and the
 * codes' scrypt cost (TEST_SECRET_COST unless the test names another).
 */
export type PortalSeams = Parameters<typeof createPortalServer>[2];

let migrated: string | undefined;

/**
 * A database file with every migration run and nothing in it, made once per process. Each test portal starts from a
 * copy, as a server restarted on its own file does: the migrations ran a third of a test portal's start (with a disk
 * flush for each), and are proven on their own (tests/unit/server/db/migrations.test.ts), as is a first start on no
 * file at all (tests/unit/server/personal-data.test.ts, start.test.ts).
 */
function migratedDatabase(): string {
  if (!migrated) {
    const dir = mkdtempSync(join(tmpdir(), 'thrive-migrated-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    migrated = join(dir, 'portal.db');
    openDatabase(migrated).close();
  }
  return migrated;
}

/** A real server on a real SQLite file in a temp folder, driven through Fastify's inject (no socket). */
export async function startTestPortal(env: Record<string, string> = {}, seams: PortalSeams = {}): Promise<TestPortal> {
  const temp = makeTempPortalDir();
  // The folder and the file as the server makes them: only their owner may read them.
  mkdirSync(dirname(temp.databasePath), { mode: 0o700 });
  copyFileSync(migratedDatabase(), temp.databasePath);
  const config = testConfig(temp, env);
  const clock = { now: WEDNESDAY_NOON_IST };
  const server = await createPortalServer(config, () => clock.now, { codeCost: TEST_SECRET_COST, ...seams });
  return {
    ...server,
    config,
    clock,
    post: (body, options = {}) =>
      server.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        ...options,
      }),
    count: (sql, ...params) =>
      (server.db
        .prepare(sql)
        .pluck()
        .get(...params) as number | undefined) ?? 0,
    async dispose() {
      await server.close();
      temp.cleanup();
    },
  };
}
