/**
 * A throwaway Postgres cluster in a temporary folder, on 127.0.0.1 and a free
 * port, from Debian's `postgresql` package (installed with apt-get when
 * missing and running as root). Postgres refuses to run as root, so as root
 * the cluster belongs to the `postgres` user and is driven through runuser.
 * Its one role, `thrive`, trusts local connections: it lives for one test run.
 * It holds the workflow's tables, and n8n's own database in queue mode.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

export const PG_USER = 'thrive';
export const PG_DATABASE = 'postgres';

export interface Postgres {
  port: number;
  /** psql and its connection options, for another process (the browser journey) to query with. */
  psql: string[];
  /** Runs SQL text (several statements) and fails on the first error. */
  run(sql: string): void;
  /** The rows of one SELECT, as JSON objects; `:'name'` in it stands for the quoted value of `values.name`. */
  rows<T>(select: string, values?: Record<string, string>): T[];
  /** Another database in the same cluster (n8n's own, in queue mode), owned by the one role. */
  createDatabase(name: string): void;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const newest = () =>
    existsSync(root)
      ? readdirSync(root)
          .filter((v) => existsSync(join(root, v, 'bin/initdb')))
          .sort((a, b) => Number(b) - Number(a))[0]
      : undefined;
  if (!newest() && process.getuid?.() === 0) {
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit' });
  }
  const version = newest();
  if (!version) throw new Error('Postgres is missing: run `apt-get install -y postgresql` as root');
  return join(root, version, 'bin');
}

export async function startPostgres(): Promise<Postgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'thrive-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const asOwner = (command: string, args: string[]) =>
    asRoot
      ? (['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] as const)
      : ([join(bin, command), args] as const);
  const exec = (command: string, args: string[]) => {
    const [file, argv] = asOwner(command, args);
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  exec('initdb', ['-D', data, '-U', PG_USER, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  exec('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
  ]);

  const connect = [join(bin, 'psql'), '-h', '127.0.0.1', '-p', String(port), '-U', PG_USER, '-d', PG_DATABASE];
  const psql = (args: string[], input: string) => {
    const [file = '', ...options] = connect;
    const result = spawnSync(file, [...options, '-v', 'ON_ERROR_STOP=1', '-q', ...args], { input, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
    return result.stdout;
  };
  return {
    port,
    psql: connect,
    run: (sql) => void psql([], sql),
    rows: <T>(select: string, values: Record<string, string> = {}) => {
      const variables = Object.entries(values).flatMap(([name, value]) => ['-v', `${name}=${value}`]);
      return JSON.parse(psql(['-At', ...variables], `SELECT coalesce(json_agg(t), '[]') FROM (${select}) t;`)) as T[];
    },
    createDatabase: (name) => void psql([], `CREATE DATABASE "${name}" OWNER ${PG_USER};`),
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
