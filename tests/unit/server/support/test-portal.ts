import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type ServerConfig } from '../../../../server/config.ts';
import { createPortalServer, type PortalServer } from '../../../../server/server.ts';

export const TEST_ROSTER_PATH = resolve(import.meta.dirname, '../../../../server/roster.test.json');

/** A stand-in for `vite build` output: the files the server treats specially, and a hashed asset. */
export const FAKE_ASSET = 'assets/index-Ab12Cd34.js';

export function writeFakeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Thrive"}');
  writeFileSync(join(dir, FAKE_ASSET), `export const filler = "${'x'.repeat(4096)}";`);
}

/** Makes a fresh folder with a fake build, for servers started by tests. */
export function makeTempPortalDir(): { dir: string; distDir: string; databasePath: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'thrive-server-'));
  const distDir = join(dir, 'dist');
  writeFakeDist(distDir);
  return {
    dir,
    distDir,
    databasePath: join(dir, 'data', 'portal.db'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

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

/** A real server on a real SQLite file in a temp folder, driven through Fastify's inject (no socket). */
export async function startTestPortal(env: Record<string, string> = {}): Promise<TestPortal> {
  const temp = makeTempPortalDir();
  const config = loadConfig({
    DATABASE_PATH: temp.databasePath,
    DIST_DIR: temp.distDir,
    ROSTER_PATH: TEST_ROSTER_PATH,
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = { now: WEDNESDAY_NOON_IST };
  const server = await createPortalServer(config, () => clock.now);
  return {
    ...server,
    config,
    clock,
    post: (body, options = {}) =>
      server.app.inject({
        method: 'POST',
        url: '/api/webhook',
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
