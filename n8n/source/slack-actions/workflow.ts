/**
 * ThriveSlackActions: the programme team answering a parent's reschedule request from Slack. The request's notice
 * in the staff channel carries three buttons (blocks.ts): Confirm, Offer another time, Decline. Slack POSTs each
 * click, and each submitted form, to this workflow's webhook as Slack's interactivity does
 * (application/x-www-form-urlencoded, the JSON in `payload`), signed as the Events API signs
 * (toolkit/slack-signing.ts). A click opens a form (views.open); its submission records the answer with who gave
 * it and when, adds the event line to the parent's thread (thrive.record_outcome), and updates the message: its
 * buttons give way to what was done. The parent reads the outcome with list_requests, and know_schedule applies a
 * confirmed move.
 */
import { resolve } from 'node:path';
import { sessionsOf } from '../database/outcome-reads-sql.ts';
import { codeNode } from '../toolkit/code-node.ts';
import { WEBHOOK_PATHS, WORKFLOWS, ENV } from '../toolkit/ids.ts';
import { callWorkflow, postgres, respond, slackApi, webhook } from '../toolkit/io-nodes.ts';
import { switchLinks } from '../toolkit/links.ts';
import { computed, sticky, switchOn } from '../toolkit/nodes.ts';
import { SLACK_MAX_AGE_SECONDS, slackSignatureCheck, slackSignatureLinks } from '../toolkit/slack-signing.ts';
import { workflowJson } from '../toolkit/workflow.ts';
import { BUTTONS } from './texts.ts';

const script = (file: string) => resolve(import.meta.dirname, 'nodes', file);
const KINDS = ['open', 'submit', 'ignore', 'announce'] as const;
const STEPS = ['open', 'record', 'invalid', 'ack'] as const;

/**
 * $1: request_id. One row: the stored reschedule request (null when there is none, or it is no reschedule), with
 * the parent's weekly sessions, among which "Form" finds the one the request concerns: the form's time starts on its.
 */
const FIND_REQUEST = `SELECT (
  SELECT json_build_object('request_id', r.request_id, 'action', r.action, 'payload', r.payload,
    'language', r.language, 'user_name', r.user_name, 'sessions', ${sessionsOf('thrive.phone_key(r.user_number)')})
  FROM thrive.requests r
  WHERE r.request_id = $1 AND r.action IN ('reschedule_single', 'reschedule_range') AND r.response_status = 200
) AS request;`;

/** $1: the answer (JSON text), $2: its event line. 'recorded' or 'unknown' (database/outcomes-schema-sql.ts). */
const RECORD_OUTCOME = 'SELECT thrive.record_outcome($1::jsonb, $2) AS outcome;';

const NOTE = `## Thrive Slack actions
A reschedule request's notice in the staff channel carries the buttons **${BUTTONS.confirm}**, **${BUTTONS.offer}** and **${BUTTONS.decline}**. A click opens a form: a day and a time, or a short reason. Its submission records the answer (who, when), adds the event line to the parent's thread and updates the message.

In your Slack app: **Interactivity** on, **Request URL** \`<n8n>/webhook/${WEBHOOK_PATHS.slackActions}\`. The app's **Signing Secret** goes in \`${ENV.slackSigningSecret}\`; a request not signed with it within ${SLACK_MAX_AGE_SECONDS / 60} minutes is refused with 401.`;

export async function slackActionsWorkflow(): Promise<Record<string, unknown>> {
  const nodes = [
    sticky('About', [-40, -360], [760, 300], NOTE),
    webhook('Slack action', [0, 200], WEBHOOK_PATHS.slackActions, { options: { rawBody: true } }),
    ...slackSignatureCheck([240, 200]),
    await codeNode('Read action', [960, 120], script('read-action.js')),
    postgres('Find request', [1200, 120], FIND_REQUEST, '={{ [ $json.request_id ?? null ] }}'),
    switchOn('Click or form?', [1440, 120], "$('Read action').first().json.kind", KINDS),
    await codeNode('Form', [1680, -40], script('form.js')),
    await codeNode('Check form', [1680, 160], script('check-form.js')),
    await codeNode('Outcome', [1800, 240], script('outcome.js')),
    switchOn('Next step', [1920, 120], '$json.step', STEPS),
    slackApi('Open form', [2160, -40], 'views.open', {
      trigger_id: '={{ $json.trigger_id }}',
      view: '={{ $json.view }}',
    }),
    postgres('Record outcome', [2160, 120], RECORD_OUTCOME, '={{ [ JSON.stringify($json.answer), $json.event ] }}'),
    slackApi('Update message', [2400, 120], 'chat.update', {
      channel: "={{ $('Outcome').first().json.update.channel }}",
      ts: "={{ $('Outcome').first().json.update.ts }}",
      text: "={{ $('Outcome').first().json.update.text }}",
      blocks: "={{ $('Outcome').first().json.update.blocks }}",
    }),
    respond('Show problem', [2160, 320], {
      status: 200,
      body: '={{ JSON.stringify($json.errors) }}',
      contentType: 'json',
    }),
    // An empty 200 closes the form; to a click, it is the acknowledgement Slack waits 3 seconds for.
    respond('Acknowledge', [2640, 200], { status: 200, body: '' }),
    // The announcements' forms: their own workflow (n8n/thrive-announcements.workflow.json) answers { body }.
    computed('Form call', [1560, 480], "$('Read action').first().json.call"),
    callWorkflow('Announcements', [1680, 480], WORKFLOWS.announcements.id),
    respond('Answer form', [1920, 480], {
      status: 200,
      body: '={{ $json.body }}',
      contentType: "($json.body === '' ? 'text' : 'json')",
    }),
    // Not an empty 200, which would close a form as if it were sent: Slack keeps it open and says it failed.
    respond('Announcements failed', [1920, 640], { status: 500, body: '' }),
  ];
  return workflowJson({
    id: WORKFLOWS.slackActions.id,
    name: 'Thrive Slack actions',
    nodes,
    links: [
      ...slackSignatureLinks('Slack action'),
      ['Signed by Slack?', 0, 'Read action'],
      ['Read action', 0, 'Find request'],
      ['Find request', 0, 'Click or form?'],
      ...switchLinks('Click or form?', KINDS, {
        open: 'Form',
        submit: 'Check form',
        ignore: 'Acknowledge',
        announce: 'Form call',
      }),
      ['Form call', 0, 'Announcements'],
      ['Announcements', 0, 'Answer form'],
      ['Announcements', 1, 'Announcements failed'],
      ['Form', 0, 'Next step'],
      ['Check form', 0, 'Outcome'],
      ['Outcome', 0, 'Next step'],
      ...switchLinks('Next step', STEPS, {
        open: 'Open form',
        record: 'Record outcome',
        invalid: 'Show problem',
        ack: 'Acknowledge',
      }),
      ['Open form', 0, 'Acknowledge'],
      ['Open form', 1, 'Acknowledge'],
      ['Record outcome', 0, 'Update message'],
      ['Update message', 0, 'Acknowledge'],
      ['Update message', 1, 'Acknowledge'],
    ],
  });
}
