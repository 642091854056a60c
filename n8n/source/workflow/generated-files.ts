import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { buildWorkflow } from './graph.ts';
import { SEED_ROSTER_SQL_PATH, WORKFLOW_PATH } from './ids.ts';
import { rosterSql } from './roster-sql.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Every file `npm run n8n -- workflow` writes, by absolute path; the JSON as the repository's Prettier writes it. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const workflow = await buildWorkflow();
  const options = { ...(await resolveConfig(WORKFLOW_PATH)), filepath: WORKFLOW_PATH };
  return {
    [WORKFLOW_PATH]: await format(JSON.stringify(workflow), options),
    [SEED_ROSTER_SQL_PATH]: rosterSql(
      readRosterFile(resolve(REPO_ROOT, 'server/roster.seed.json')),
      'server/roster.seed.json',
    ),
  };
}
