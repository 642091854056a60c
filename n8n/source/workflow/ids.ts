import { resolve } from 'node:path';

/** The names the workflow file and the test harness share. */

const N8N_DIR = resolve(import.meta.dirname, '../../../n8n');
export const WORKFLOW_PATH = resolve(N8N_DIR, 'thrive-portal.workflow.json');
export const SEED_ROSTER_SQL_PATH = resolve(N8N_DIR, 'roster.seed.sql');
export const SCHEMA_SQL_PATH = resolve(N8N_DIR, 'schema.sql');

/** The workflow's id in n8n (import keeps it; `n8n publish:workflow --id=` uses it). */
export const WORKFLOW_ID = 'ThrivePortalFlow';

/** The conversation's workflow (n8n/thrive-conversation.workflow.json), which this one calls for its four actions. */
export const CONVERSATION_WORKFLOW_ID = 'ThriveConversation';

/** The production webhook is POST <n8n>/webhook/thrive-portal. */
export const WEBHOOK_PATH = 'thrive-portal';

/** The credentials the workflow's nodes refer to; n8n/README.md says how to create or pick them. */
export const CREDENTIALS = {
  postgres: { postgres: { id: 'ThrivePostgres01', name: 'Thrive Postgres' } },
  slack: { slackApi: { id: 'ThriveSlackBot01', name: 'Thrive Slack bot' } },
} as const;
