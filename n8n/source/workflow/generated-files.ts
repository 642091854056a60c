import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { requestSchema } from '../../../server/contract/request-schema.ts';
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { buildWorkflow } from './graph.ts';
import { SCHEMA_SQL_PATH, SEED_ROSTER_SQL_PATH, WORKFLOW_PATH } from './ids.ts';
import { rosterSql } from './roster-sql.ts';
import { schemaSql } from './schema-sql.ts';
import { conversationFiles } from '../conversation/files.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const REQUEST_SCHEMA_PATH = resolve(REPO_ROOT, 'server/contract/request.schema.json');

/** JSON as the repository's Prettier writes it. */
async function jsonFile(path: string, value: unknown): Promise<string> {
  return format(JSON.stringify(value), { ...(await resolveConfig(path)), filepath: path });
}

/**
 * Every file `npm run n8n -- workflow` writes, by absolute path: the workflow, its Postgres schema and roster SQL,
 * and the request schema the workflow compiles in, written out for readers of the contract.
 */
export async function generatedFiles(): Promise<Record<string, string>> {
  return {
    [WORKFLOW_PATH]: await jsonFile(WORKFLOW_PATH, buildWorkflow()),
    [REQUEST_SCHEMA_PATH]: await jsonFile(REQUEST_SCHEMA_PATH, requestSchema),
    [SCHEMA_SQL_PATH]: schemaSql(),
    [SEED_ROSTER_SQL_PATH]: rosterSql(
      readRosterFile(resolve(REPO_ROOT, 'server/roster.seed.json')),
      'server/roster.seed.json',
    ),
    ...(await conversationFiles(jsonFile)),
  };
}
