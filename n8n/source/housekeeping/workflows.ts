/**
 * The housekeeping workflows: retention (ThriveRetention, daily), erasure of
 * one phone number (ThriveErasure, a webhook for the programme's admin), and
 * the error workflow (ThriveErrors) every Thrive workflow names, which posts
 * a failure to the staff channel in Slack.
 */
import { resolve } from 'node:path';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../../../src/shared/rules/retention.ts';
import { codeNode } from '../toolkit/code-node.ts';
import {
  ADMIN_SECRET_HEADER,
  ENV,
  SLACK_API_DEFAULT,
  STAFF_CHANNEL_DEFAULT,
  WEBHOOK_PATHS,
  WORKFLOWS,
} from '../toolkit/ids.ts';
import { calledBy, daily, errorTrigger, postgres, respond, slackApi, webhook } from '../toolkit/io-nodes.ts';
import { env, ifTrue, sticky, stopAndError } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';
import { FORGET_NUMBER, REMOVE_EXPIRED } from './sql.ts';

const ADMIN_SECRET = env(ENV.adminSecret, '');

const DAYS = `Number(${env(ENV.retentionDays, String(DEFAULT_RETENTION_DAYS))})`;

export function retentionWorkflow(): Record<string, unknown> {
  const note = `## Thrive retention
Every night at 03:17 (the n8n server's time zone): requests, parents' messages, threads with facilitators' replies older than \`${ENV.retentionDays}\` days (default ${DEFAULT_RETENTION_DAYS}, as the reference server's \`RETENTION_DAYS\`) are deleted, with expired codes and tokens and code requests older than a day. Run it now: \`n8n execute --id=${WORKFLOWS.retention.id}\`.`;
  return workflowJson({
    id: WORKFLOWS.retention.id,
    name: 'Thrive retention',
    nodes: [
      sticky('About', [-40, -260], [600, 220], note),
      daily('Every night', [0, 120], 3),
      // What `n8n execute --id=…` starts from (the CLI runs a workflow from this trigger only).
      calledBy('Run now', [0, 300]),
      ifTrue(
        'Days valid?',
        [240, 200],
        `Number.isInteger(${DAYS}) && ${DAYS} >= ${MIN_RETENTION_DAYS} && ${DAYS} <= ${MAX_RETENTION_DAYS}`,
      ),
      postgres('Delete expired', [480, 120], REMOVE_EXPIRED, `={{ [ ${DAYS} ] }}`),
      stopAndError(
        'Days not valid',
        [480, 300],
        `${ENV.retentionDays} must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}: nothing was deleted`,
      ),
    ],
    links: [
      ['Every night', 0, 'Days valid?'],
      ['Run now', 0, 'Days valid?'],
      ['Days valid?', 0, 'Delete expired'],
      ['Days valid?', 1, 'Days not valid'],
    ],
  });
}

export function erasureWorkflow(): Record<string, unknown> {
  const note = `## Thrive erasure
A parent's right to erasure, as \`npm run forget\` on the reference server: everything stored for one number (requests, messages, the thread and replies, codes, tokens: every device is signed out, the parent's notification settings, who each announcement reached and the sessions changed) and its roster entry.

\`\`\`
curl -X POST <n8n>/webhook/${WEBHOOK_PATHS.erasure} -H '${ADMIN_SECRET_HEADER}: <${ENV.adminSecret}>' -H 'content-type: application/json' -d '{"number":"+919876543210"}'
\`\`\`
Without \`${ENV.adminSecret}\` set, every request is refused. Slack keeps its own copy of the messages: delete them there.`;
  return workflowJson({
    id: WORKFLOWS.erasure.id,
    name: 'Thrive erasure',
    nodes: [
      sticky('About', [-40, -340], [700, 300], note),
      webhook('Erase number', [0, 200], WEBHOOK_PATHS.erasure),
      ifTrue(
        'Admin?',
        [240, 200],
        `${ADMIN_SECRET} !== '' && $json.headers['${ADMIN_SECRET_HEADER}'] === ${ADMIN_SECRET}`,
      ),
      respond('Refuse', [480, 360], { status: 401, body: `Send the ${ADMIN_SECRET_HEADER} header` }),
      postgres('Forget number', [480, 120], FORGET_NUMBER, "={{ [ String($json.body?.number ?? '') ] }}"),
      ifTrue('A number?', [720, 120], '$json.number_key !== null'),
      respond('Erased', [960, 40], { status: 200, body: '={{ JSON.stringify($json) }}', contentType: 'json' }),
      respond('Not a number', [960, 220], {
        status: 400,
        body: 'Send {"number": "<phone number>"}: E.164, or a 10-digit Indian mobile',
      }),
    ],
    links: [
      ['Erase number', 0, 'Admin?'],
      ['Admin?', 0, 'Forget number'],
      ['Admin?', 1, 'Refuse'],
      ['Forget number', 0, 'A number?'],
      ['A number?', 0, 'Erased'],
      ['A number?', 1, 'Not a number'],
    ],
  });
}

export async function errorsWorkflow(): Promise<Record<string, unknown>> {
  const note = `## Thrive errors
The error workflow of every Thrive workflow (their settings name it): a failed execution is posted to \`${ENV.staffChannel}\` (default \`${STAFF_CHANNEL_DEFAULT}\`) through the **Thrive Slack bot** credential, at \`${ENV.slackApiUrl}\` (default \`${SLACK_API_DEFAULT}\`). The execution itself (n8n → Executions) has the details.`;
  return workflowJson({
    id: WORKFLOWS.errors.id,
    name: 'Thrive errors',
    nodes: [
      sticky('About', [-40, -260], [600, 220], note),
      errorTrigger('Workflow failed', [0, 200]),
      await codeNode('Notice', [240, 200], resolve(import.meta.dirname, 'nodes/notice.js')),
      slackApi('Post to staff channel', [480, 200], 'chat.postMessage', {
        channel: `={{ ${env(ENV.staffChannel, STAFF_CHANNEL_DEFAULT)} }}`,
        text: '={{ $json.text }}',
      }),
    ],
    links: [
      ['Workflow failed', 0, 'Notice'],
      ['Notice', 0, 'Post to staff channel'],
    ],
  });
}
