import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTempPortalDir, spawnPortal, type SpawnedPortal } from '../../../bench/support/portal-process.ts';
import { CODE_COST } from '../../../server/conversation/secrets.ts';
import { WEBHOOK_PATH } from '../../../src/shared/webhook/endpoint.ts';
import { TEST_PARENT } from '../../support/envelopes.ts';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';

/**
 * `npm start` as an operator runs it: a server whose sign-in codes go to its
 * log must not look like a production one, behind a proxy, by accident.
 */
const temp = makeTempPortalDir();
let server: SpawnedPortal | undefined;
afterEach(async () => {
  await server?.stop('SIGTERM');
  server = undefined;
});
afterAll(() => temp.cleanup());

const start = (env: Record<string, string>) =>
  spawnPortal({ DATABASE_PATH: temp.databasePath, DIST_DIR: temp.distDir, ROSTER_PATH: TEST_ROSTER_PATH, ...env });

describe('the demo mode (codes in the log)', { timeout: 30_000 }, () => {
  it('refuses to start behind a proxy without a code gateway, unless DEMO=1 says so', async () => {
    await expect(start({ TRUST_PROXY: 'true' })).rejects.toThrow(
      /exited \(1\) before listening:\nA server behind a proxy \(TRUST_PROXY\) with no CODE_WEBHOOK_URL would write every sign-in code to its log/,
    );
  });

  it('says so loudly at start when it runs', async () => {
    server = await start({ TRUST_PROXY: 'true', DEMO: '1' });
    expect(server.output()).toContain(
      [
        '!'.repeat(80),
        '!! DEMO MODE: sign-in codes are written to this log, not sent to parents’ phones.',
        '!! Whoever reads this log can verify any parent’s phone and read the staff’s replies.',
        '!! Set CODE_WEBHOOK_URL and PORTAL_HOST to send codes by SMS or WhatsApp.',
        '!'.repeat(80),
      ].join('\n'),
    );
  });
});

describe('the bundle npm start runs (dist-server/main.mjs)', { timeout: 30_000 }, () => {
  it("reads the repository's own files by default, as the source does: the roster's seed", async () => {
    const fresh = makeTempPortalDir();
    try {
      server = await spawnPortal({ DATABASE_PATH: fresh.databasePath, DIST_DIR: fresh.distDir });
      const seed = join(resolve(import.meta.dirname, '../../..'), 'server/roster.seed.json');
      expect(server.output()).toContain(`Roster seeded from ${seed}\n`);
    } finally {
      await server?.stop('SIGTERM');
      server = undefined;
      fresh.cleanup();
    }
  });

  // The test portals hash codes at a lighter cost (TEST_SECRET_COST): this is the cost parents' codes get.
  it('hashes each sign-in code at CODE_COST', async () => {
    server = await start({});
    const asked = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'request_code', user: TEST_PARENT }),
    });
    expect(asked.status, await asked.text()).toBe(200);
    const db = new Database(temp.databasePath, { readonly: true });
    try {
      const stored = db.prepare('SELECT code_hash FROM sign_in_codes').pluck().all();
      expect(stored).toEqual([
        expect.stringMatching(new RegExp(`^scrypt\\$${CODE_COST.N}\\$${CODE_COST.r}\\$${CODE_COST.p}\\$`)),
      ]);
    } finally {
      db.close();
    }
  });
});
