/**
 * ThriveTexts: a text message for a notification the parent has not seen, as the reference server sends one
 * (server/push/text-fallback.ts). Every minute (a Schedule Trigger), once THRIVE_NOTIFY_WEBHOOK_URL and
 * THRIVE_PORTAL_HOST are set, it
 * 1. takes the due notices of thrive.text_notices under a lease, at most one of each parent, with the parent's
 *    settings saved last on any of their phones and their texts of its limit group this India's day;
 * 2. decides each by the shared rule (src/shared/push/text-fallback.ts): not texted (seen, pushed, off, over the
 *    day's limit), held until a moment (the wait, the quiet hours' end), or queued for the gateway;
 * 3. POSTs each queued text to the gateway as JSON, { phone, language, template, values, text }, as the reference
 *    server does, and records it texted, to be tried again with backoff, or failed; a full batch starts the next run.
 * Called with `{ now }` (an ISO time), it does this at that moment instead of the clock's: how a test proves the
 * quiet hours and the backoff without waiting for them.
 */
import { resolve } from 'node:path';
import { TEXT_MAX_ATTEMPTS } from '../../../src/shared/push/text-fallback.ts';
import { TEXT_WAIT_SETTING } from '../database/texts-schema-sql.ts';
import { codeNode } from '../toolkit/code-node.ts';
import { ENV, WORKFLOWS } from '../toolkit/ids.ts';
import { calledBy, everyMinute, httpPost, postgres, startWorkflow } from '../toolkit/io-nodes.ts';
import { env, ifTrue, set, sticky, type N8nNode } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';

const NOW = "$('Clock').first().json.now";
const DECIDED = "$('Decide').item.json";
/** Notices one run takes; more wait for the next run, which a full batch starts at once. */
const BATCH = 50;

const NOTE = `## Thrive texts
A text message for a facilitator's reply, a request's answer or an update that the parent has not seen \`${TEXT_WAIT_SETTING}\` seconds (of \`thrive.settings\`, 30 minutes) after it could first be shown, and that no push service of theirs took: at most one a day for replies and answers, one for updates, an urgent update at once; never in the quiet hours but an urgent one; the parent's \`text_fallback\` off stops it. Runs every minute; publish it.

Needs \`${ENV.notifyWebhookUrl}\` (the gateway: an SMS or WhatsApp provider, or a workflow calling one; \`${ENV.notifyWebhookToken}\` goes as \`Authorization: Bearer\`) and \`THRIVE_PORTAL_HOST\` (the link's host); without them it sends nothing. A gateway that fails is tried again after 30 s, doubling to 30 minutes, ${TEXT_MAX_ATTEMPTS} tries in all.`;

export async function textsWorkflow(): Promise<Record<string, unknown>> {
  const script = (file: string) => resolve(import.meta.dirname, 'nodes', file);
  const nodes: N8nNode[] = [
    sticky('About', [-40, -420], [760, 340], NOTE),
    everyMinute('Every minute', [0, 0]),
    calledBy('Run now', [0, 200]),
    set('Clock', [240, 100], { now: ['string', '={{ $json.now ?? $now.toUTC().toISO() }}'] }),
    ifTrue('Ready?', [480, 100], `${env(ENV.notifyWebhookUrl, '')} !== '' && ${env(ENV.portalHost, '')} !== ''`),
    postgres(
      'Take due notices',
      [720, 100],
      `SELECT * FROM thrive.take_text_notices($1::timestamptz, ${BATCH});`,
      `={{ [ ${NOW} ] }}`,
    ),
    await codeNode('Decide', [960, 100], script('decide.js')),
    postgres(
      'Record decision',
      [1200, 100],
      'SELECT thrive.decide_text($1::bigint, $2, $3::timestamptz, $4::timestamptz) AS send;',
      `={{ [ $json.id, $json.verdict, $json.at, ${NOW} ] }}`,
    ),
    // Sending first (v1 order: the upper branch ends before the lower starts), then the next batch if this was full.
    ifTrue('Send?', [1440, 60], '$json.send'),
    httpPost('Gateway', [1680, 0], {
      url: `={{ ${env(ENV.notifyWebhookUrl, '')} }}`,
      json: `={{ JSON.stringify(${DECIDED}.message) }}`,
      headers: { Authorization: `={{ 'Bearer ' + ${env(ENV.notifyWebhookToken, '')} }}` },
      failureOutput: true,
    }),
    postgres(
      'Texted',
      [1920, -60],
      'SELECT thrive.record_text($1::bigint, true, NULL, $2::timestamptz) AS state;',
      `={{ [ ${DECIDED}.id, ${NOW} ] }}`,
    ),
    postgres(
      'Not texted',
      [1920, 80],
      'SELECT thrive.record_text($1::bigint, false, $2::timestamptz, $3::timestamptz) AS state;',
      `={{ [ ${DECIDED}.id, ${DECIDED}.retry_at, ${NOW} ] }}`,
    ),
    { ...ifTrue('More due?', [1440, 240], `$('Take due notices').all().length >= ${BATCH}`), executeOnce: true },
    { ...startWorkflow('Next batch', [1680, 240], WORKFLOWS.texts.id), executeOnce: true },
  ];
  return workflowJson({
    id: WORKFLOWS.texts.id,
    name: 'Thrive texts',
    nodes,
    links: [
      ['Every minute', 0, 'Clock'],
      ['Run now', 0, 'Clock'],
      ['Clock', 0, 'Ready?'],
      ['Ready?', 0, 'Take due notices'],
      ['Take due notices', 0, 'Decide'],
      ['Decide', 0, 'Record decision'],
      ['Record decision', 0, 'Send?'],
      ['Record decision', 0, 'More due?'],
      ['Send?', 0, 'Gateway'],
      ['Gateway', 0, 'Texted'],
      ['Gateway', 1, 'Not texted'],
      ['More due?', 0, 'Next batch'],
    ],
  });
}
