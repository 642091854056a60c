/**
 * `npm run dev` and `npm run preview`: the reference server (server/main.ts)
 * on its own port with a dev database under data/, and Vite beside it, whose
 * `server.proxy` (vite.config.ts) sends /api to that server: the page's
 * webhook calls get the reference answers, same-origin, as under `npm start`.
 *
 *   tsx scripts/dev.ts [preview] [vite options…]
 *
 * DEV_API_PORT (default 8787; 0 picks a free one) and DATABASE_PATH (default
 * data/dev.db) choose the server's port and database. Ctrl-C, or either
 * process ending, stops both: each runs in its own process group, killed whole.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

const [mode, ...viteArgs] =
  process.argv[2] === 'preview' ? ['preview', ...process.argv.slice(3)] : ['dev', ...process.argv.slice(2)];
/** The server wants a build to serve; this port is for the API only, and its page says so. */
const API_ONLY_DIR = 'data/dev-api';
const LISTENING = /listening on (http:\/\/\S+)/;

function start(args: string[], env: NodeJS.ProcessEnv, name: string): ChildProcessByStdio<null, Readable, null> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.on('exit', (code) => stopAll(`${name} ended`, code ?? 1));
  return child;
}

const children: ChildProcess[] = [];
let stopping = false;
function stopAll(reason: string, code: number): void {
  if (stopping) return;
  stopping = true;
  console.error(`dev: ${reason}; stopping`);
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => stopAll('SIGINT', 0));
process.on('SIGTERM', () => stopAll('SIGTERM', 0));

mkdirSync(API_ONLY_DIR, { recursive: true });
writeFileSync(
  `${API_ONLY_DIR}/index.html`,
  '<!doctype html><title>Thrive reference server</title><p>This port answers /api for npm run dev: open the address Vite printed.</p>',
);
const server = start(
  ['--import', 'tsx', 'server/main.ts'],
  {
    PORT: process.env.DEV_API_PORT ?? '8787',
    HOST: '127.0.0.1',
    DATABASE_PATH: process.env.DATABASE_PATH ?? 'data/dev.db',
    DIST_DIR: API_ONLY_DIR,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
  'the reference server',
);
children.push(server);

const apiOrigin = await new Promise<string>((resolve) => {
  const lines = createInterface({ input: server.stdout });
  lines.on('line', (line) => {
    console.log(`[api] ${line}`);
    const origin = LISTENING.exec(line)?.[1];
    if (origin) resolve(origin);
  });
});

const vite = start(
  ['node_modules/vite/bin/vite.js', ...(mode === 'preview' ? ['preview', '--host', '127.0.0.1'] : []), ...viteArgs],
  { THRIVE_API_ORIGIN: apiOrigin },
  'vite',
);
children.push(vite);
vite.stdout.pipe(process.stdout);
