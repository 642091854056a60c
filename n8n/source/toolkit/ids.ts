import { resolve } from 'node:path';

/**
 * The names the workflows, the generator and the test harness share: each workflow's file and id in n8n (import
 * keeps the id; Execute Workflow nodes and `settings.errorWorkflow` name it, so workflows refer to each other by
 * these, never by importing each other), the webhooks' paths, the credentials the nodes name, and the
 * environment the workflows read (n8n/README.md).
 */

const N8N_DIR = resolve(import.meta.dirname, '../..');

export const WORKFLOWS = {
  portal: { id: 'ThrivePortalFlow', path: resolve(N8N_DIR, 'thrive-portal.workflow.json') },
  conversation: { id: 'ThriveConversation', path: resolve(N8N_DIR, 'thrive-conversation.workflow.json') },
  requests: { id: 'ThriveRequests', path: resolve(N8N_DIR, 'thrive-requests.workflow.json') },
  refusals: { id: 'ThriveRefusals', path: resolve(N8N_DIR, 'thrive-refusals.workflow.json') },
  slackEvents: { id: 'ThriveSlackEvents', path: resolve(N8N_DIR, 'thrive-slack-events.workflow.json') },
  slackActions: { id: 'ThriveSlackActions', path: resolve(N8N_DIR, 'thrive-slack-actions.workflow.json') },
  retention: { id: 'ThriveRetention', path: resolve(N8N_DIR, 'thrive-retention.workflow.json') },
  erasure: { id: 'ThriveErasure', path: resolve(N8N_DIR, 'thrive-erasure.workflow.json') },
  errors: { id: 'ThriveErrors', path: resolve(N8N_DIR, 'thrive-errors.workflow.json') },
  push: { id: 'ThrivePush', path: resolve(N8N_DIR, 'thrive-push.workflow.json') },
  announcements: { id: 'ThriveAnnouncements', path: resolve(N8N_DIR, 'thrive-announcements.workflow.json') },
  roster: { id: 'ThriveRoster', path: resolve(N8N_DIR, 'thrive-roster.workflow.json') },
  texts: { id: 'ThriveTexts', path: resolve(N8N_DIR, 'thrive-texts.workflow.json') },
} as const;

/** The Postgres tables and functions every workflow uses, and the demo roster for them. */
export const SCHEMA_SQL_PATH = resolve(N8N_DIR, 'schema.sql');
export const SEED_ROSTER_SQL_PATH = resolve(N8N_DIR, 'roster.seed.sql');

/** POST <n8n>/webhook/<path>. */
export const WEBHOOK_PATHS = {
  portal: 'thrive-portal',
  slackEvents: 'thrive-slack-events',
  slackActions: 'thrive-slack-actions',
  erasure: 'thrive-erase',
  rosterExport: 'thrive-roster-export',
} as const;

/** GET <n8n>/form/<path>: the staff's roster import form (n8n's Form Trigger). */
export const ROSTER_FORM_PATH = 'thrive-roster-import';

/** The header an admin sends the erasure webhook, holding THRIVE_ADMIN_SECRET. */
export const ADMIN_SECRET_HEADER = 'x-thrive-admin-secret';

/** The credentials the workflows' nodes refer to; n8n/README.md says how to create or pick them. */
export const CREDENTIALS = {
  postgres: { postgres: { id: 'ThrivePostgres01', name: 'Thrive Postgres' } },
  slack: { slackApi: { id: 'ThriveSlackBot01', name: 'Thrive Slack bot' } },
  /** The login the roster's import form and export ask for (n8n's basic auth on a form or webhook). */
  rosterLogin: { httpBasicAuth: { id: 'ThriveRosterLogin01', name: 'Thrive roster login' } },
} as const;

/** The environment the workflows read. */
export const ENV = {
  allowedOrigins: 'THRIVE_ALLOWED_ORIGINS',
  codeGatewayUrl: 'THRIVE_CODE_GATEWAY_URL',
  codeGatewayToken: 'THRIVE_CODE_GATEWAY_TOKEN',
  portalHost: 'THRIVE_PORTAL_HOST',
  slackSigningSecret: 'THRIVE_SLACK_SIGNING_SECRET',
  slackApiUrl: 'THRIVE_SLACK_API_URL',
  staffChannel: 'THRIVE_STAFF_CHANNEL',
  adminSecret: 'THRIVE_ADMIN_SECRET',
  retentionDays: 'THRIVE_RETENTION_DAYS',
  vapidPublicKey: 'THRIVE_VAPID_PUBLIC_KEY',
  vapidPrivateKey: 'THRIVE_VAPID_PRIVATE_KEY',
  vapidSubject: 'THRIVE_VAPID_SUBJECT',
  pushServiceHosts: 'THRIVE_PUSH_SERVICE_HOSTS',
  notifyWebhookUrl: 'THRIVE_NOTIFY_WEBHOOK_URL',
  notifyWebhookToken: 'THRIVE_NOTIFY_WEBHOOK_TOKEN',
} as const;

/** What THRIVE_SLACK_API_URL and THRIVE_STAFF_CHANNEL are when unset. */
export const SLACK_API_DEFAULT = 'https://slack.com/api';
export const STAFF_CHANNEL_DEFAULT = '#thrive-staff';

/**
 * The event_type of the message metadata each post to Slack carries ({ request_id, part }): a retry after a crash
 * finds its post by it in the channel's history.
 */
export const SLACK_METADATA_EVENT = 'thrive_request';

/**
 * The reaction (👀) the bot adds to a facilitator's reply in Slack once the parent's chat screen has shown it
 * (mark_read): on the reply itself, with no message or notification in the thread, and once however often it is
 * added (n8n/WORKFLOWS.md says why a reaction).
 */
export const READ_REACTION = 'eyes';

/** The event_type of an announcement's post in the staff channel ({ announcement_id }): found by it the same way. */
export const SLACK_ANNOUNCEMENT_EVENT = 'thrive_announcement';

/**
 * An announcement's post carries its Withdraw button in this actions block (the button's value: the announcement's
 * id); Thrive Slack actions knows the click by it and hands it to Thrive announcements.
 */
export const ANNOUNCEMENT_POST_BLOCK = { blockId: 'thrive_announcement', withdraw: 'withdraw' } as const;
