import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { requestSchema } from '../../../server/contract/request-schema.ts';
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { buildWorkflow } from './graph.ts';
import { SCHEMA_SQL_PATH, SEED_ROSTER_SQL_PATH, WORKFLOW_PATH } from './ids.ts';
import { rosterSql } from './roster-sql.ts';
import { schemaSql } from './schema-sql.ts';
import { conversationFiles } from '../conversation/files.ts';
import { WORKFLOWS } from '../conversation/ids.ts';
import { refusalsWorkflow } from './refusals.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const REQUEST_SCHEMA_PATH = resolve(REPO_ROOT, 'server/contract/request.schema.json');

/** JSON as the repository's Prettier writes it. */
async function jsonFile(path: string, value: unknown): Promise<string> {
  return format(JSON.stringify(value), { ...(await resolveConfig(path)), filepath: path });
}

/**
 * A workflow as n8n exports one (`n8n export:workflow` writes compact JSON), but a line per node and per node's
 * links, so a change to one node is a change to one line. Indented, the same JSON is 14% larger, all of it spaces.
 */
export function workflowFile(workflow: object): string {
  const fields = Object.entries(workflow).map(([key, value]) => {
    if (key === 'nodes')
      return `  "nodes": [\n${(value as unknown[]).map((n) => `    ${JSON.stringify(n)}`).join(',\n')}\n  ]`;
    if (key === 'connections') {
      const lines = Object.entries(value as object).map(
        ([from, to]) => `    ${JSON.stringify(from)}: ${JSON.stringify(to)}`,
      );
      return `  "connections": {\n${lines.join(',\n')}\n  }`;
    }
    return `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  });
  return `{\n${fields.join(',\n')}\n}\n`;
}

/**
 * Every file `npm run n8n -- workflow` writes, by absolute path: the workflow, its Postgres schema and roster SQL,
 * and the request schema the workflow compiles in, written out for readers of the contract.
 */
export async function generatedFiles(): Promise<Record<string, string>> {
  return {
    [WORKFLOW_PATH]: workflowFile(buildWorkflow()),
    [WORKFLOWS.refusals.path]: workflowFile(refusalsWorkflow()),
    [REQUEST_SCHEMA_PATH]: await jsonFile(REQUEST_SCHEMA_PATH, requestSchema),
    [SCHEMA_SQL_PATH]: schemaSql(),
    [SEED_ROSTER_SQL_PATH]: rosterSql(
      readRosterFile(resolve(REPO_ROOT, 'server/roster.seed.json')),
      'server/roster.seed.json',
    ),
    ...conversationFiles(workflowFile),
  };
}
