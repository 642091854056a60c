import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { serverBundle } from '../../build/server-bundle.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run staff -- …` or `npm run forget -- …` as an operator runs it: the command's bundle (build/server-bundle.ts) in a
 * Node process of its own, with `env` added to this one's (DATABASE_PATH, STAFF_PASSWORD).
 */
export async function runCommand(
  command: 'staff' | 'forget',
  args: string[],
  env: Record<string, string>,
): Promise<CommandRun> {
  const file = (await serverBundle())[command];
  const run = spawnSync(process.execPath, [file, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** runCommand, for a run that must succeed: its output, or an error with what it wrote. */
export async function commandOutput(
  command: 'staff' | 'forget',
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const run = await runCommand(command, args, env);
  if (run.status !== 0) throw new Error(`npm run ${command} -- ${args.join(' ')} exited ${run.status}:\n${run.stderr}`);
  return run.stdout;
}
