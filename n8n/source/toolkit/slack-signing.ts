/**
 * Slack's request signing (v0), as every workflow Slack calls checks it: the HMAC-SHA256 of
 * `v0:{timestamp}:{raw body}` with the app's signing secret (THRIVE_SLACK_SIGNING_SECRET), the timestamp within
 * 5 minutes, so a recorded request cannot be replayed later. A forged or stale request is refused (401).
 */
import { respond } from './io-nodes.ts';
import { ENV } from './ids.ts';
import { env, hmacSha256, ifTrue, rawText, type N8nNode, type Position } from './nodes.ts';

/** How old a signed request may be, in seconds (Slack's own advice). */
export const SLACK_MAX_AGE_SECONDS = 5 * 60;

const HEADERS = '$json.headers';
const SECRET = env(ENV.slackSigningSecret, '');
const SIGNED = [
  `${SECRET} !== ''`,
  `${HEADERS}['x-slack-signature'] === 'v0=' + $json.signature`,
  `Math.abs($now.toSeconds() - Number(${HEADERS}['x-slack-request-timestamp'])) <= ${SLACK_MAX_AGE_SECONDS}`,
].join(' && ');

/**
 * The nodes after a Webhook with `rawBody` on: **Raw body**, **Sign**, **Signed by Slack?** (output 0: signed,
 * the item holding `raw`, the body's text) and **Refuse** (401), placed from `at` rightwards.
 */
export function slackSignatureCheck([x, y]: Position): N8nNode[] {
  return [
    rawText('Raw body', [x, y]),
    hmacSha256(
      'Sign',
      [x + 240, y],
      `=v0:{{ ${HEADERS}['x-slack-request-timestamp'] }}:{{ $json.raw }}`,
      `={{ ${SECRET} }}`,
    ),
    ifTrue('Signed by Slack?', [x + 480, y], SIGNED),
    respond('Refuse', [x + 720, y + 200], { status: 401, body: 'Invalid Slack signature' }),
  ];
}

/** The links of those nodes, from the Webhook named; output 0 of **Signed by Slack?** is the caller's. */
export const slackSignatureLinks = (webhookName: string) =>
  [
    [webhookName, 0, 'Raw body'],
    ['Raw body', 0, 'Sign'],
    ['Sign', 0, 'Signed by Slack?'],
    ['Signed by Slack?', 1, 'Refuse'],
  ] as const;
