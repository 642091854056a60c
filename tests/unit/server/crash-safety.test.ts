import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { bookConsult, chat, envelope, fileOf, knowSchedule } from '../../support/envelopes.ts';
import { makeTempPortalDir, spawnPortal, type SpawnedPortal } from '../../../bench/support/portal-process.ts';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';

const temp = makeTempPortalDir();
const env = {
  DATABASE_PATH: temp.databasePath,
  DIST_DIR: temp.distDir,
  ROSTER_PATH: TEST_ROSTER_PATH,
  RATE_LIMIT_MAX: '0',
  RATE_LIMIT_PER_NUMBER_MAX: '0',
};
let running: SpawnedPortal | undefined;

afterAll(async () => {
  await running?.stop('SIGKILL');
  temp.cleanup();
});

const now = new Date();
function someRequest(i: number): Envelope {
  const file = fileOf(16_384, 'image/jpeg', `p${i}.jpg`);
  switch (i % 4) {
    case 0:
      return bookConsult(`slot ${i}`);
    case 1:
      return chat(`message ${i}`, [file]);
    case 2:
      return envelope('reschedule_single', { date: '2099-01-01' }, { note: `note ${i}`, at: now });
    default:
      return knowSchedule();
  }
}

async function post(url: string, body: Envelope): Promise<number | 'no answer'> {
  try {
    const response = await fetch(`${url}/api/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'no answer';
  }
}

describe('crash safety', () => {
  it('keeps every request answered 2xx when the server is killed with SIGKILL mid-flow, and stores each once', async () => {
    running = await spawnPortal(env);
    const { url } = running;
    const sent: Envelope[] = [];
    const answered = new Set<string>();
    let killed = false;

    const worker = async () => {
      while (!killed) {
        const body = someRequest(sent.length);
        sent.push(body);
        if ((await post(url, body)) === 200) answered.add(body.request_id);
      }
    };
    const workers = Array.from({ length: 12 }, worker);
    while (answered.size < 300) await new Promise((r) => setTimeout(r, 5));
    await running.stop('SIGKILL');
    killed = true;
    await Promise.all(workers);
    expect(sent.length).toBeGreaterThan(answered.size);

    const restarted = await spawnPortal(env);
    running = restarted;
    const db = new Database(temp.databasePath, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(db.prepare('SELECT request_id FROM requests').pluck().all() as string[]);
      const lost = [...answered].filter((id) => !stored.has(id));
      expect(lost).toEqual([]);

      // Clients retry whatever got no answer; every request then ends up stored exactly once.
      const retried = await Promise.all(sent.map((body) => post(restarted.url, body)));
      expect(retried.filter((status) => status !== 200)).toEqual([]);
      const rows = db.prepare('SELECT count(*) AS n, count(DISTINCT request_id) AS ids FROM requests').get();
      expect(rows).toEqual({ n: sent.length, ids: sent.length });
    } finally {
      db.close();
    }
  }, 90_000);
});
