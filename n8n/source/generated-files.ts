/**
 * Every file `npm run n8n -- workflow` writes, by absolute path: each workflow, the Postgres schema they share
 * and the demo roster's SQL, and the request schema the portal webhook checks requests against, written out for
 * readers of the contract. The one module that knows every workflow; the workflows know each other only by id.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, type FormatConfig, type Oxfmtrc } from 'oxfmt';
import { requestSchema } from '../../server/contract/request-schema.ts';
import { readRosterFile } from '../../server/roster/roster-file.ts';
import { announcementsWorkflow } from './announcements/workflow.ts';
import { conversationWorkflow } from './conversation/workflow.ts';
import { rosterSql } from './database/roster-sql.ts';
import { schemaSql } from './database/schema-sql.ts';
import { erasureWorkflow, errorsWorkflow, retentionWorkflow } from './housekeeping/workflows.ts';
import { portalWorkflow } from './portal/workflow.ts';
import { pushWorkflow } from './push/workflow.ts';
import { refusalsWorkflow } from './refusals/workflow.ts';
import { requestsWorkflow } from './requests/workflow.ts';
import { rosterWorkflow } from './roster/workflow.ts';
import { slackActionsWorkflow } from './slack-actions/workflow.ts';
import { slackEventsWorkflow } from './slack-events/workflow.ts';
import { textsWorkflow } from './texts/workflow.ts';
import { SCHEMA_SQL_PATH, SEED_ROSTER_SQL_PATH, WORKFLOWS } from './toolkit/ids.ts';
import { workflowFile } from './toolkit/workflow.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

const REQUEST_SCHEMA_PATH = resolve(REPO_ROOT, 'server/contract/request.schema.json');

/** The repository's formatter settings (.oxfmtrc.json), but for which files it skips. */
function formatSettings(): FormatConfig {
  const settings = JSON.parse(readFileSync(resolve(REPO_ROOT, '.oxfmtrc.json'), 'utf8')) as Oxfmtrc;
  delete settings.ignorePatterns;
  return settings;
}

/** JSON as the repository's formatter writes it, so `npm run lint` passes the file as written. */
async function jsonFile(path: string, value: unknown): Promise<string> {
  const { code, errors } = await format(path, JSON.stringify(value), formatSettings());
  if (errors.length > 0) throw new Error(`${path}: ${errors.map((error) => error.message).join('; ')}`);
  return code;
}

export async function generatedFiles(): Promise<Record<string, string>> {
  const workflows = {
    [WORKFLOWS.portal.path]: portalWorkflow(),
    [WORKFLOWS.refusals.path]: refusalsWorkflow(),
    [WORKFLOWS.conversation.path]: conversationWorkflow(),
    [WORKFLOWS.requests.path]: requestsWorkflow(),
    [WORKFLOWS.slackEvents.path]: slackEventsWorkflow(),
    [WORKFLOWS.slackActions.path]: slackActionsWorkflow(),
    [WORKFLOWS.retention.path]: retentionWorkflow(),
    [WORKFLOWS.erasure.path]: erasureWorkflow(),
    [WORKFLOWS.errors.path]: errorsWorkflow(),
    [WORKFLOWS.push.path]: pushWorkflow(),
    [WORKFLOWS.announcements.path]: announcementsWorkflow(),
    [WORKFLOWS.roster.path]: rosterWorkflow(),
    [WORKFLOWS.texts.path]: textsWorkflow(),
  };
  const files: Record<string, string> = {};
  for (const [path, workflow] of Object.entries(workflows)) files[path] = workflowFile(await workflow);
  return {
    ...files,
    [REQUEST_SCHEMA_PATH]: await jsonFile(REQUEST_SCHEMA_PATH, requestSchema),
    [SCHEMA_SQL_PATH]: schemaSql(),
    [SEED_ROSTER_SQL_PATH]: rosterSql(
      readRosterFile(resolve(REPO_ROOT, 'server/roster.seed.json')),
      'server/roster.seed.json',
    ),
  };
}
