import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';

const ASHA = { name: 'Asha Verma', number: '9876543210' };
const dataDir = mkdtempSync(join(tmpdir(), 'thrive-dev-'));
let dev: ChildProcessByStdio<null, Readable, null>;
let viteUrl = '';
let apiOrigin = '';

/** Resolves with the addresses of Vite and of the reference server, once the dev script has printed both. */
function readAddresses(child: ChildProcessByStdio<null, Readable, null>): Promise<{ vite: string; api: string }> {
  return new Promise((resolve, reject) => {
    let api = '';
    child.on('exit', (code) => reject(new Error(`npm run dev ended early (exit ${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      api ||= /\[api\].*listening on (http:\/\/\S+)/.exec(line)?.[1] ?? '';
      const vite = /Local:\s+(http:\/\/\S+)/.exec(line)?.[1];
      if (vite && api) resolve({ vite, api });
    });
  });
}

/** Ends Vite as a terminal's Ctrl-C or a process manager would: its process group gets SIGTERM. */
async function stopVite(): Promise<void> {
  if (dev.pid === undefined || dev.exitCode !== null) return;
  const exited = new Promise((done) => dev.once('exit', done));
  process.kill(-dev.pid, 'SIGTERM');
  await exited;
}

const postSchedule = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('npm run dev', () => {
  beforeAll(async () => {
    dev = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, VITEST: '', DEV_API_PORT: '0', DATABASE_PATH: join(dataDir, 'dev.db'), NO_COLOR: '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    ({ vite: viteUrl, api: apiOrigin } = await readAddresses(dev));
  }, 60_000);

  afterAll(async () => {
    await stopVite();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a POST to Vite's /api/webhook with the reference server's answer", async () => {
    const body = JSON.stringify(buildEnvelope({ action: 'know_schedule', user: ASHA, payload: {} }));
    const throughVite = await postSchedule(new URL('/api/webhook', viteUrl).href, body);
    expect(throughVite.status).toBe(200);
    const answer = (await throughVite.json()) as { schedule?: unknown };
    expect(answer.schedule).toEqual(expect.any(String));
    // The same request_id sent to the server itself gets the answer it stored: the proxy reached that server.
    const direct = await postSchedule(`${apiOrigin}/api/webhook`, body);
    expect(await direct.json()).toEqual(answer);
    expect(new URL(viteUrl).port).not.toBe(new URL(apiOrigin).port);
  });

  it('takes the reference server with it when Vite ends', async () => {
    await stopVite();
    const answers = () =>
      fetch(`${apiOrigin}/api/webhook`, { method: 'POST' }).then(
        () => true,
        () => false,
      );
    await expect.poll(answers, { timeout: 15_000 }).toBe(false);
  });
});
