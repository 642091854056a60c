import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const LISTENING = /listening on (http:\/\/\S+)/;

export interface SpawnedPortal {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote, for the failure message. */
  output(): string;
  /** Sends the signal and resolves once the process is gone. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Runs server/main.ts as its own process, exactly as `npm start` does after
 * the build (node with tsx, not a wrapper that could outlive a kill), on an
 * ephemeral 127.0.0.1 port, and resolves with the URL it prints.
 */
export function spawnPortal(env: Record<string, string>, timeoutMs = 30_000): Promise<SpawnedPortal> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl({ url: match[1], child, output: () => output, stop });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
}
