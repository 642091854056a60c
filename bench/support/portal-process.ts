/**
 * The reference server as a process of its own, for the tools that measure
 * or probe it from outside (`npm run bench -- server`, the server probes)
 * and the tests that kill it: `node dist-server/main.mjs`, the bundle
 * (build/server-bundle.ts) `npm start` runs, on an ephemeral 127.0.0.1 port, with
 * a temp folder for its database and, where no build is needed, a stand-in
 * for it. Scaffolding, not the server's source: it lives in bench/, which
 * the tests may import too (.dependency-cruiser.cjs, the layers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverBundle } from '../../build/server-bundle.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** A stand-in for `vite build` output: the files the server treats specially, and a hashed asset. */
export const FAKE_ASSET = 'assets/index-Ab12Cd34.js';

export function writeFakeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Thrive"}');
  writeFileSync(join(dir, FAKE_ASSET), `export const filler = "${'x'.repeat(4096)}";`);
}

/** Makes a fresh folder with a fake build, for servers started by tools and tests. */
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
 * Runs the server's bundle, made first if this process has not made it yet (node itself, not a wrapper that could
 * outlive a kill), and resolves with the URL it prints.
 */
export async function spawnPortal(env: Record<string, string>, timeoutMs = 30_000): Promise<SpawnedPortal> {
  const { main } = await serverBundle();
  const child = spawn(process.execPath, [main], {
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
