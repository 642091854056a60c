import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CACHE_DIR, type N8nInstall } from './install.ts';

/** The workflow checked by n8n's own SDK against the installed node definitions: the problems found, or none. */
export async function sdkProblems(install: N8nInstall, workflowPath: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(join(install.nodeBinDir, 'node'), [
    resolve(import.meta.dirname, 'sdk-validate.mjs'),
    join(CACHE_DIR, 'node_modules'),
    workflowPath,
  ]);
  const { valid, issues } = JSON.parse(stdout) as { valid: boolean; issues: string[] };
  return valid ? issues : ['not valid', ...issues];
}
