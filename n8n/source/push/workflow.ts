/**
 * ThrivePush: the push sender. Every minute (a Schedule Trigger), at once when the Slack events workflow has
 * stored a facilitator's reply (it runs this workflow once Slack has its answer), at once when a device's
 * push_settings has made its pushes held in the quiet hours due (the conversation workflow starts it), and at once
 * when staff send an announcement (Thrive announcements starts it), it
 * 1. on the minute's run (or one called with `now`) only, queues the session reminders due now for every subscribed
 *    device (src/shared/push/reminders.ts: 18:00 India's time the day before and an hour before, dropped in the
 *    device's quiet hours or when late), each once: a reminder falls on a minute, and looking at every device in
 *    every run would cost each batch of a fan-out as much as it has devices;
 * 2. sends the announcements whose time has come (their pushes queued behind every reply), then takes the due jobs
 *    of thrive.push_jobs under a lease, by priority, decides each by the device's settings now (a reply held in
 *    quiet hours unless urgent, a kind turned off dropped), encrypts and signs each push with node:crypto
 *    (src/shared/push/web-push-crypto.ts) and POSTs it to the subscription's push service. A run for a reply
 *    (called with `{ replies: true }`) takes only what goes ahead of a fan-out (priority 0: replies, request updates,
 *    reminders), so a reply never waits for a batch of a fan-out's pushes;
 * 3. records the answer (src/shared/push/delivery.ts): sent, gone (404, 410: the subscription is deleted), retried
 *    with backoff, or dropped; a full batch starts the next run, so a fan-out goes one batch after another.
 * Called with `{ now }` (an ISO time), it does all of this at that moment instead of the clock's: how a test
 * proves reminders and quiet hours without waiting for them.
 */
import { resolve } from 'node:path';
import { codeNode } from '../toolkit/code-node.ts';
import { ENV, WORKFLOWS } from '../toolkit/ids.ts';
import { ANNOUNCEMENT_PRIORITY } from '../database/announcements-schema-sql.ts';
import { calledBy, everyMinute, postgres } from '../toolkit/io-nodes.ts';
import { startPushesNow } from './call.ts';
import { ifTrue, node, set, sticky, type N8nNode, type Position } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';

const script = (file: string) => resolve(import.meta.dirname, 'nodes', file);
const NOW = "$('Clock').first().json.now";
/** Jobs one run takes; more wait for the next run. */
const BATCH = 50;

/** POST the encrypted body with the push's headers; any answer is output 0, no answer at all output 1. */
function pushRequest(name: string, position: Position): N8nNode {
  const headers = {
    TTL: '={{ $json.ttl }}',
    Urgency: '={{ $json.urgency }}',
    Topic: '={{ $json.topic }}',
    'Content-Encoding': 'aes128gcm',
    Authorization: '={{ $json.authorization }}',
  };
  return {
    ...node(name, 'httpRequest', 4.2, position, {
      method: 'POST',
      url: '={{ $json.endpoint }}',
      sendHeaders: true,
      headerParameters: { parameters: Object.entries(headers).map(([key, value]) => ({ name: key, value })) },
      sendBody: true,
      contentType: 'binaryData',
      inputDataFieldName: 'body',
      options: {
        timeout: 15_000,
        response: { response: { fullResponse: true, neverError: true, responseFormat: 'text' } },
      },
    }),
    onError: 'continueErrorOutput',
  };
}

const NOTE = `## Thrive push
Sends Web Push notifications: facilitators' replies (queued by a trigger on \`thrive.thread_messages\`; **Thrive Slack events** runs this workflow for the replies alone when it has stored one; **Thrive conversation** starts it when a change of settings makes pushes held in the quiet hours due), announcements (**Thrive announcements** starts it; 50 a run, one run after another, behind every reply) and session reminders (18:00 IST the day before, one hour before; queued by the minute's run). Runs every minute; publish it.

Needs \`${ENV.vapidPublicKey}\`, \`${ENV.vapidPrivateKey}\`, \`${ENV.vapidSubject}\`, and \`NODE_FUNCTION_ALLOW_BUILTIN=crypto\` (the **Encrypt** node uses node:crypto). Called with \`{ "now": "<ISO time>" }\`, it runs at that moment.`;

export async function pushWorkflow(): Promise<Record<string, unknown>> {
  const nodes: N8nNode[] = [
    sticky('About', [-40, -460], [760, 300], NOTE),
    everyMinute('Every minute', [0, 0]),
    calledBy('Run now', [0, 200]),
    set('Clock', [240, 100], {
      now: ['string', '={{ $json.now ?? $now.toUTC().toISO() }}'],
      reminders: ['boolean', "={{ $json.now !== undefined || $('Every minute').isExecuted }}"],
      max_priority: ['number', `={{ $json.replies === true ? 0 : ${ANNOUNCEMENT_PRIORITY} }}`],
    }),

    // Reminders first (v1 order: the upper branch ends before the lower starts), so those queued now go out now.
    ifTrue('Minute run?', [360, -100], '$json.reminders'),
    postgres('Reminder targets', [480, -100], 'SELECT * FROM thrive.reminder_targets();'),
    await codeNode('Reminders due', [720, -100], script('reminders-due.js')),
    await codeNode('Outside quiet hours', [960, -100], script('outside-quiet-hours.js')),
    ifTrue('Any due?', [1080, -100], '$json.due.length > 0'),
    postgres(
      'Queue reminders',
      [1200, -100],
      'SELECT thrive.queue_reminders($1::timestamptz, $2, $3::json) AS queued;',
      `={{ [ ${NOW}, $json.endpoint, JSON.stringify($json.due) ] }}`,
    ),

    postgres(
      'Send due announcements',
      [360, 200],
      'SELECT thrive.send_due_announcements($1::timestamptz) AS sent;',
      '={{ [ $json.now ] }}',
    ),
    postgres(
      'Take due jobs',
      [480, 200],
      `SELECT * FROM thrive.take_push_jobs($1::timestamptz, ${BATCH}, $2);`,
      `={{ [ ${NOW}, $('Clock').first().json.max_priority ] }}`,
    ),
    await codeNode('Message', [720, 200], script('message.js')),
    ifTrue('Send now?', [1200, 200], "$json.verdict === 'send'"),
    await codeNode('Payload', [1440, 120], script('payload.js')),
    await codeNode('Sign', [1680, 120], script('sign.js')),
    await codeNode('Encrypt', [1920, 120], script('encrypt.js')),
    pushRequest('Push', [2160, 120]),
    await codeNode('Verdict', [2400, 120], script('verdict.js')),
    postgres(
      'Record',
      [2640, 280],
      'SELECT thrive.record_push($1::bigint, $2, $3, $4::timestamptz) AS recorded;',
      `={{ [ $json.id, $json.endpoint, $json.verdict, $json.at ?? ${NOW} ] }}`,
    ),
    // A full batch leaves more due (an announcement's fan-out): the next run is started once this one is done, so
    // one run at a time fans out and a reply's own run (Thrive Slack events starts one) is never queued behind it.
    { ...ifTrue('More due?', [2880, 280], `$('Take due jobs').all().length >= ${BATCH}`), executeOnce: true },
    { ...startPushesNow('Next batch', [3120, 280]), executeOnce: true },
  ];
  return workflowJson({
    id: WORKFLOWS.push.id,
    name: 'Thrive push',
    nodes,
    links: [
      ['Every minute', 0, 'Clock'],
      ['Run now', 0, 'Clock'],
      ['Clock', 0, 'Minute run?'],
      ['Minute run?', 0, 'Reminder targets'],
      ['Clock', 0, 'Send due announcements'],
      ['Send due announcements', 0, 'Take due jobs'],
      ['Reminder targets', 0, 'Reminders due'],
      ['Reminders due', 0, 'Outside quiet hours'],
      ['Outside quiet hours', 0, 'Any due?'],
      ['Any due?', 0, 'Queue reminders'],
      ['Take due jobs', 0, 'Message'],
      ['Message', 0, 'Send now?'],
      ['Send now?', 0, 'Payload'],
      ['Send now?', 1, 'Record'],
      ['Payload', 0, 'Sign'],
      ['Sign', 0, 'Encrypt'],
      ['Encrypt', 0, 'Push'],
      ['Push', 0, 'Verdict'],
      ['Push', 1, 'Verdict'],
      ['Verdict', 0, 'Record'],
      ['Record', 0, 'More due?'],
      ['More due?', 0, 'Next batch'],
    ],
  });
}
