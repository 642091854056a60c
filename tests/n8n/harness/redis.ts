/**
 * A throwaway Redis for n8n's queue mode (Debian's `redis-server`, installed
 * with apt-get when missing and running as root, as Postgres is), on
 * 127.0.0.1 and a free port, in the foreground and in memory only: nothing
 * is written to disk, so stopping it leaves nothing behind.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './ports.ts';

const REDIS_SERVER = '/usr/bin/redis-server';

export interface Redis {
  port: number;
  stop(): Promise<void>;
}

export async function startRedis(timeoutMs = 10_000): Promise<Redis> {
  if (!existsSync(REDIS_SERVER) && process.getuid?.() === 0) {
    execFileSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit' });
  }
  if (!existsSync(REDIS_SERVER)) throw new Error('redis-server is missing: run `apt-get install -y redis-server`');
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  // Redis says so on its output once it takes connections.
  const ready = new Promise<void>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`redis-server did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}
