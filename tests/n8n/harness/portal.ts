/**
 * The portal as a parent gets it when the programme runs n8n: built with
 * VITE_WEBHOOK_URL pointing at n8n's webhook, into a folder of its own, and
 * served by the reference server, whose CSP then lets the page reach that
 * origin (connect-src). The same server, on the test roster with its rate
 * limits off, is the baseline of the requests/s comparison.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';
import { makeTempPortalDir, spawnPortal, type SpawnedPortal } from '../../../bench/support/portal-process.ts';

export const PORTAL_DIST = resolve(import.meta.dirname, '../../../.out/n8n/dist');

export async function buildPortal(webhookUrl: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', PORTAL_DIST, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: resolve(import.meta.dirname, '../../..'), env: { ...process.env, VITE_WEBHOOK_URL: webhookUrl } },
  );
}

export interface ReferenceServer extends SpawnedPortal {
  close(): Promise<void>;
}

export async function startReferenceServer(webhookUrl: string, port: number): Promise<ReferenceServer> {
  const temp = makeTempPortalDir();
  const server = await spawnPortal({
    DIST_DIR: PORTAL_DIST,
    DATABASE_PATH: temp.databasePath,
    ROSTER_PATH: TEST_ROSTER_PATH,
    RATE_LIMIT_MAX: '0',
    RATE_LIMIT_PER_NUMBER_MAX: '0',
    VITE_WEBHOOK_URL: webhookUrl,
    PORT: String(port),
  });
  return {
    ...server,
    async close() {
      await server.stop('SIGTERM');
      temp.cleanup();
    },
  };
}
