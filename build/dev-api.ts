/**
 * `npm run dev` (and `vite preview`): the reference server (server/main.ts)
 * starts beside Vite as a child process, on its own 127.0.0.1 port with a dev
 * database under data/, and Vite's `server.proxy` sends /api to it, so the
 * page's webhook calls get the reference answers, same-origin, as under
 * `npm start`. Builds and Vitest never start it.
 *
 * It runs the server bundled from the source as it is when Vite starts (the
 * file `npm start` runs, build/server-bundle.ts), not the TypeScript through
 * tsx's loader: Node 20 runs that loader's hooks on a thread of their own,
 * and a main thread that waits on it while the process ends can wait for
 * good (seen at SIGTERM), leaving the server running after Vite.
 *
 * DEV_API_PORT (default 0: a free port) and DATABASE_PATH (default
 * data/dev.db) choose the server's port and database. The server is stopped
 * with Vite: its process group is killed when Vite's process ends.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Plugin } from 'vite';
import { serverBundle } from './server-bundle.ts';

/** The server wants a build to serve; this folder stands in for it, and its page says this port is for the API only. */
const API_ONLY_DIR = 'data/dev-api';
const LISTENING = /listening on (http:\/\/\S+)/;

async function startReferenceServer(): Promise<string> {
  const { main } = await serverBundle();
  mkdirSync(API_ONLY_DIR, { recursive: true });
  writeFileSync(
    `${API_ONLY_DIR}/index.html`,
    '<!doctype html><title>Thrive reference server</title><p>This port answers /api for npm run dev: open the address Vite printed.</p>',
  );
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: process.env.DEV_API_PORT ?? '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: process.env.DATABASE_PATH ?? 'data/dev.db',
      DIST_DIR: API_ONLY_DIR,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    // Its own process group, so Vite's end (however it comes) takes the server and anything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(0);
    });
  }
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The reference server ended (exit ${code}) before it listened`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[api] ${line}`);
      const origin = LISTENING.exec(line)?.[1];
      if (origin) resolve(origin);
    });
  });
}

/** Starts the reference server for `vite` and `vite preview`, and proxies /api to it. */
export function devApi(): Plugin {
  return {
    name: 'thrive:dev-api',
    async config(_config, env) {
      if (env.command !== 'serve' || env.mode === 'test' || process.env.VITEST) return;
      const origin = await startReferenceServer();
      const proxy = { '/api': origin };
      return { server: { proxy }, preview: { proxy } };
    },
  };
}
