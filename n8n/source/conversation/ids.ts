import { resolve } from 'node:path';

/**
 * The names the conversation and housekeeping workflows and the test harness
 * share: each workflow's file and id in n8n (import keeps the id; Execute
 * Workflow nodes and `settings.errorWorkflow` name it), the webhooks' paths,
 * and the environment variables they read.
 */

const N8N_DIR = resolve(import.meta.dirname, '../../../n8n');

export const WORKFLOWS = {
  conversation: { id: 'ThriveConversation', path: resolve(N8N_DIR, 'thrive-conversation.workflow.json') },
  refusals: { id: 'ThriveRefusals', path: resolve(N8N_DIR, 'thrive-refusals.workflow.json') },
  slackEvents: { id: 'ThriveSlackEvents', path: resolve(N8N_DIR, 'thrive-slack-events.workflow.json') },
  retention: { id: 'ThriveRetention', path: resolve(N8N_DIR, 'thrive-retention.workflow.json') },
  erasure: { id: 'ThriveErasure', path: resolve(N8N_DIR, 'thrive-erasure.workflow.json') },
  errors: { id: 'ThriveErrors', path: resolve(N8N_DIR, 'thrive-errors.workflow.json') },
} as const;

/** POST <n8n>/webhook/<path>. */
export const SLACK_EVENTS_PATH = 'thrive-slack-events';
export const ERASURE_PATH = 'thrive-erase';

/** The header an admin sends the erasure webhook, holding THRIVE_ADMIN_SECRET. */
export const ADMIN_SECRET_HEADER = 'x-thrive-admin-secret';

/** The environment the workflows read (n8n/README.md, "The conversation"). */
export const ENV = {
  codeGatewayUrl: 'THRIVE_CODE_GATEWAY_URL',
  codeGatewayToken: 'THRIVE_CODE_GATEWAY_TOKEN',
  portalHost: 'THRIVE_PORTAL_HOST',
  slackSigningSecret: 'THRIVE_SLACK_SIGNING_SECRET',
  slackApiUrl: 'THRIVE_SLACK_API_URL',
  staffChannel: 'THRIVE_STAFF_CHANNEL',
  adminSecret: 'THRIVE_ADMIN_SECRET',
  retentionDays: 'THRIVE_RETENTION_DAYS',
} as const;

export const SLACK_API_DEFAULT = 'https://slack.com/api';
