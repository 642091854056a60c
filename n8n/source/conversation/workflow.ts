/**
 * ThriveConversation: the sub-workflow the portal webhook (ThrivePortalFlow)
 * calls with Execute Workflow for the conversation actions: request_code,
 * verify_code, chat_thread, mark_read and revoke_token, and the push actions.
 * It is called with one item
 *
 *   { envelope, language, authorization, address }
 *
 * (the request body as the webhook checked it, the parent's language, the
 * Authorization header, and the client's address for the limits per address
 * on codes and on tries), and its last node answers one item
 *
 *   { status, body, headers }
 *
 * body being the JSON object of a 200, or { text } holding the plain text of
 * a refusal, as the reference server answers (server/conversation/actions.ts).
 */
import { resolve } from 'node:path';
import { CONVERSATION_ACTIONS } from '../../../src/shared/webhook/conversation.ts';
import { PUSH_ACTIONS } from '../../../src/shared/webhook/push.ts';
import { startPushesNow } from '../push/call.ts';
import { codeNode } from '../toolkit/code-node.ts';
import { ENV, READ_REACTION, WORKFLOWS } from '../toolkit/ids.ts';
import { calledBy, httpPost, postgres, slackApi } from '../toolkit/io-nodes.ts';
import { switchLinks, type Link } from '../toolkit/links.ts';
import { env, ifTrue, set, splitOut, sticky, switchOn, type N8nNode, type Position } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';
import {
  CHECK_TOKEN,
  KEEP_READ_MARK,
  MARK_READ,
  PUSH_SETTINGS,
  PUSH_SUBSCRIBE,
  PUSH_UNSUBSCRIBE,
  LOOK_UP_NUMBER,
  MAKE_CODE,
  REVOKE_TOKEN,
  TAKE_CODE_REQUEST,
  THREAD_ANSWER,
  THREAD_PAGE,
  TRY_CODE,
  USE_CODE,
  WITHDRAW_CODE,
} from './sql.ts';
import type { ConversationTextKey } from './texts.ts';

/** Its Code nodes read this trigger by name (nodes/read-request.js). */
export const TRIGGER = 'Called by the portal webhook';
const script = (file: string) => resolve(import.meta.dirname, 'nodes', file);
const REQUEST = "$('Read request').first().json";
const REALM = 'Bearer realm="thrive"';

/** The verdicts each step's SQL answers (sql.ts, database/conversation-schema-sql.ts): a Switch output each. */
const LIMIT_VERDICTS = ['allowed', 'number', 'address'] as const;
const CODE_VERDICTS = ['address', 'none', 'ended', 'right', 'wrong'] as const;
const TOKEN_VERDICTS = ['valid', 'missing', 'unknown', 'expired'] as const;
/** Every action the sub-workflow takes, and those that need the bearer token (a Switch output each). */
const ACTIONS = [...CONVERSATION_ACTIONS, ...PUSH_ACTIONS] as const;
const TOKEN_ACTIONS = ['revoke_token', 'chat_thread', 'mark_read', ...PUSH_ACTIONS] as const;
/** Slack's answers to reactions.add that leave the reply marked, or never markable: it is not offered again. */
const MARK_SETTLED = ['already_reacted', 'message_not_found'];
const ENVELOPE = "$('Called by the portal webhook').first().json.envelope";
/** What "Save settings" answered, read by name: "Send pushes" may come between (call.ts). */
const SAVED = "$('Save settings').first().json";

/** A refusal: its status, its text's key, the values its placeholders take, its headers (expressions allowed). */
function refuse(
  name: string,
  position: Position,
  status: number,
  key: string,
  extra: { values?: string; headers?: string } = {},
): N8nNode {
  return set(name, position, {
    status: ['number', status],
    key: ['string', key],
    ...(extra.values && { values: ['object', extra.values] }),
    ...(extra.headers && { headers: ['object', extra.headers] }),
  });
}

const ok = (name: string, position: Position, json: string) =>
  set(name, position, { status: ['number', 200], json: ['object', json] });

const tokenRefusal = (name: string, position: Position, key: ConversationTextKey, invalid: boolean) =>
  refuse(name, position, 401, key, {
    headers: `={{ ${JSON.stringify({ 'WWW-Authenticate': invalid ? `${REALM}, error="invalid_token"` : REALM })} }}`,
  });

const NOTE = `## Thrive conversation (sub-workflow)
Called by **Thrive parent portal webhook** for \`request_code\`, \`verify_code\`, \`chat_thread\`, \`revoke_token\` and the push actions, with \`{ envelope, language, authorization, address }\`; answers \`{ status, body, headers }\` from **Answer**.

- **request_code**: the name and number on the roster (404), 3 codes a number in 15 minutes and 10 an address in an hour (429), a 6-digit code kept as a bcrypt hash for 10 minutes, sent by **Send code** to \`${ENV.codeGatewayUrl}\` (502 when it fails).
- **verify_code**: each try counted first, 30 an address in an hour (429); a code works only for the name it was sent for; 5 wrong from one address end it for that address, 10 in all for everyone; the right one is used once and gives a 90-day token (only its SHA-256 is kept).
- **chat_thread** / **revoke_token**: the bearer token checked (401), then the thread after the cursor, 200 a page, with the newest of the parent's messages seen in Slack and the device's \`read_receipts\`, or the token ended (with its push subscription and settings).
- **mark_read**: the bearer token checked (401); with \`read_receipts\` on and the token the named parent's, the read kept, and each reply it reached gets :${READ_REACTION}: in Slack (**Mark in Slack**; one Slack did not take is offered again at the next read).
- **push_settings** / **push_subscribe** / **push_unsubscribe**: the bearer token checked (401), then the device's notification settings, each change saved for the parent too (\`thrive.parent_settings\`, kept past logout), and \`${ENV.vapidPublicKey}\` (a change starts **Thrive push** when it makes pushes held in the quiet hours due), its subscription kept (400 when a sender cannot use it), or forgotten.`;

export async function conversationWorkflow(): Promise<Record<string, unknown>> {
  const nodes: N8nNode[] = [
    sticky('About', [-40, -460], [760, 400], NOTE),
    calledBy(TRIGGER, [0, 300], {
      envelope: 'object',
      language: 'string',
      authorization: 'string',
      address: 'string',
    }),
    postgres('Look up number', [240, 300], LOOK_UP_NUMBER, "={{ [ $json.envelope.user?.number ?? '' ] }}"),
    await codeNode('Read request', [480, 300], script('read-request.js')),
    switchOn('Action', [720, 300], '$json.action', ACTIONS),

    // request_code
    ifTrue('On the roster?', [960, 0], '$json.onRoster'),
    refuse('Not on the roster', [1200, 160], 404, 'notOnRosterForCode'),
    postgres('Count code request', [1200, -40], TAKE_CODE_REQUEST, '={{ [ $json.numberKey, $json.address ] }}'),
    switchOn('Within limits?', [1440, -40], '$json.verdict', LIMIT_VERDICTS),
    refuse('Too many for number', [1680, 80], 429, 'tooManyCodesForNumber', {
      headers: "={{ { 'Retry-After': String($json.retry_after) } }}",
    }),
    refuse('Too many from address', [1680, 220], 429, 'tooManyCodesFromAddress', {
      headers: "={{ { 'Retry-After': String($json.retry_after) } }}",
    }),
    postgres('Make code', [1680, -160], MAKE_CODE, `={{ [ ${REQUEST}.numberKey, ${REQUEST}.nameKey ] }}`),
    await codeNode('Code message', [1920, -160], script('code-message.js')),
    httpPost('Send code', [2160, -160], {
      url: `={{ ${env(ENV.codeGatewayUrl, '')} }}`,
      json: '={{ JSON.stringify($json) }}',
      headers: { Authorization: `={{ 'Bearer ' + ${env(ENV.codeGatewayToken, '')} }}` },
      failureOutput: true,
    }),
    ok('Code sent', [2400, -240], "={{ { expires_at: $('Make code').first().json.expires_at } }}"),
    postgres(
      'Withdraw code',
      [2400, -80],
      WITHDRAW_CODE,
      `={{ [ ${REQUEST}.numberKey, $('Make code').first().json.code_hash ] }}`,
    ),
    refuse('Code not sent', [2640, -80], 502, 'codeNotSent'),

    // verify_code
    postgres('Try code', [960, 420], TRY_CODE, '={{ [ $json.numberKey, $json.nameKey, $json.address, $json.code ] }}'),
    switchOn('Code?', [1200, 420], '$json.verdict', CODE_VERDICTS),
    refuse('Too many tries', [1680, 240], 429, 'tooManyTriesFromAddress', {
      headers: "={{ { 'Retry-After': String($json.retry_after) } }}",
    }),
    refuse('No code', [1680, 360], 410, 'noCode'),
    refuse('Code ended', [1680, 480], 410, 'codeEnded'),
    postgres('Use code', [1440, 700], USE_CODE, `={{ [ ${REQUEST}.numberKey, $json.code_hash ] }}`),
    ifTrue('Token made?', [1680, 700], '$json.token !== null'),
    ok('Verified', [1920, 660], '={{ { token: $json.token, expires_at: $json.expires_at } }}'),
    refuse('Wrong code', [1680, 800], 401, "={{ $json.tries_left === 1 ? 'wrongCodeOne' : 'wrongCodeMany' }}", {
      values: '={{ { left: $json.tries_left } }}',
    }),

    // chat_thread and revoke_token
    postgres('Check token', [960, 1100], CHECK_TOKEN, '={{ [ $json.token ] }}'),
    switchOn('Token?', [1200, 1100], '$json.verdict', TOKEN_VERDICTS),
    tokenRefusal('No token', [1440, 1220], 'tokenMissing', false),
    tokenRefusal('Unknown token', [1440, 1340], 'tokenUnknown', true),
    tokenRefusal('Expired token', [1440, 1460], 'tokenExpired', true),
    switchOn('Token action', [1440, 1060], `${REQUEST}.action`, TOKEN_ACTIONS),
    postgres('Revoke token', [1680, 980], REVOKE_TOKEN, '={{ [ $json.token_hash ] }}'),
    ok('Revoked', [1920, 980], '={{ { revoked: true } }}'),
    ifTrue('Cursor given?', [1680, 1140], `${REQUEST}.after !== null`),
    postgres(
      'Thread page',
      [1920, 1100],
      THREAD_PAGE,
      `={{ [ $json.number_key, ${REQUEST}.after, $json.token_hash ] }}`,
    ),
    ok('Thread', [2160, 1100], `={{ ${THREAD_ANSWER} }}`),
    refuse('Not a cursor', [1920, 1240], 400, 'invalidCursor'),

    // push_settings, push_subscribe, push_unsubscribe (the device's token checked above)
    postgres(
      'Save settings',
      [1680, 1600],
      PUSH_SETTINGS,
      `={{ [ $json.token_hash, JSON.stringify(${ENVELOPE}.payload?.settings ?? {}), ${ENVELOPE}.language ?? '' ] }}`,
    ),
    // A change of settings made the device's pushes held in its quiet hours due: Thrive push decides them now.
    ifTrue('Held pushes due?', [1920, 1520], '$json.released > 0'),
    startPushesNow('Send pushes', [2160, 1520]),
    ok(
      'Settings',
      [2400, 1600],
      `={{ { public_key: ${env(ENV.vapidPublicKey, '')}, subscribed: ${SAVED}.subscribed, settings: ${SAVED}.settings } }}`,
    ),
    await codeNode('Check subscription', [1680, 1760], script('check-subscription.js')),
    ifTrue('Usable?', [1920, 1760], '$json.problem === null'),
    postgres(
      'Subscribe',
      [2160, 1720],
      PUSH_SUBSCRIBE,
      `={{ [ $json.token_hash, $json.number_key, JSON.stringify(${ENVELOPE}.payload.settings ?? {}), ` +
        `${ENVELOPE}.language ?? '', ${ENVELOPE}.payload.subscription.endpoint, ` +
        `${ENVELOPE}.payload.subscription.keys.p256dh, ${ENVELOPE}.payload.subscription.keys.auth ] }}`,
    ),
    ok('Subscribed', [2400, 1720], '={{ { subscribed: true, settings: $json.settings } }}'),
    refuse('Subscription unusable', [2160, 1860], 400, '={{ $json.problem }}'),
    postgres('Unsubscribe', [1680, 1920], PUSH_UNSUBSCRIBE, '={{ [ $json.token_hash ] }}'),
    ok('Unsubscribed', [1920, 1920], '={{ { unsubscribed: true } }}'),

    // mark_read: the marks in Slack first (v1 order: the upper branch ends before the lower starts), then the answer.
    postgres(
      'Mark read',
      [1680, 2120],
      MARK_READ,
      `={{ [ $json.token_hash, $json.number_key, ${REQUEST}.numberKey ?? '', ${ENVELOPE}.payload.through, ` +
        `${ENVELOPE}.payload.read_at ] }}`,
    ),
    splitOut('Each mark', [1920, 2080], 'marks'),
    slackApi('Mark in Slack', [2160, 2080], 'reactions.add', {
      channel: '={{ $json.channel }}',
      timestamp: '={{ $json.ts }}',
      name: READ_REACTION,
    }),
    postgres(
      'Keep mark',
      [2400, 2080],
      KEEP_READ_MARK,
      `={{ [ $('Each mark').item.json.id, $json.ok === true || ${JSON.stringify(MARK_SETTLED)}.includes($json.error) ] }}`,
    ),
    ok('Read', [1920, 2240], '={{ { recorded: $json.recorded } }}'),

    await codeNode('Answer', [2900, 500], script('answer.js')),
  ];

  const toAnswer = [
    'Not on the roster',
    'Too many for number',
    'Too many from address',
    'Too many tries',
    'Code sent',
    'Code not sent',
    'No code',
    'Code ended',
    'Verified',
    'Wrong code',
    'No token',
    'Unknown token',
    'Expired token',
    'Revoked',
    'Thread',
    'Not a cursor',
    'Settings',
    'Subscribed',
    'Subscription unusable',
    'Unsubscribed',
    'Read',
  ].map((from): Link => [from, 0, 'Answer']);

  const links: Link[] = [
    [TRIGGER, 0, 'Look up number'],
    ['Look up number', 0, 'Read request'],
    ['Read request', 0, 'Action'],
    ...switchLinks('Action', ACTIONS, {
      request_code: 'On the roster?',
      verify_code: 'Try code',
      chat_thread: 'Check token',
      mark_read: 'Check token',
      revoke_token: 'Check token',
      push_settings: 'Check token',
      push_subscribe: 'Check token',
      push_unsubscribe: 'Check token',
    }),

    ['On the roster?', 0, 'Count code request'],
    ['On the roster?', 1, 'Not on the roster'],
    ['Count code request', 0, 'Within limits?'],
    ...switchLinks('Within limits?', LIMIT_VERDICTS, {
      allowed: 'Make code',
      number: 'Too many for number',
      address: 'Too many from address',
    }),
    ['Make code', 0, 'Code message'],
    ['Code message', 0, 'Send code'],
    ['Send code', 0, 'Code sent'],
    ['Send code', 1, 'Withdraw code'],
    ['Withdraw code', 0, 'Code not sent'],

    ['Try code', 0, 'Code?'],
    ...switchLinks('Code?', CODE_VERDICTS, {
      address: 'Too many tries',
      none: 'No code',
      ended: 'Code ended',
      right: 'Use code',
      wrong: 'Wrong code',
    }),
    ['Use code', 0, 'Token made?'],
    ['Token made?', 0, 'Verified'],
    ['Token made?', 1, 'No code'],

    ['Check token', 0, 'Token?'],
    ...switchLinks('Token?', TOKEN_VERDICTS, {
      valid: 'Token action',
      missing: 'No token',
      unknown: 'Unknown token',
      expired: 'Expired token',
    }),
    ...switchLinks('Token action', TOKEN_ACTIONS, {
      revoke_token: 'Revoke token',
      chat_thread: 'Cursor given?',
      mark_read: 'Mark read',
      push_settings: 'Save settings',
      push_subscribe: 'Check subscription',
      push_unsubscribe: 'Unsubscribe',
    }),
    ['Save settings', 0, 'Held pushes due?'],
    ['Held pushes due?', 0, 'Send pushes'],
    ['Held pushes due?', 1, 'Settings'],
    ['Send pushes', 0, 'Settings'],
    ['Check subscription', 0, 'Usable?'],
    ['Usable?', 0, 'Subscribe'],
    ['Usable?', 1, 'Subscription unusable'],
    ['Subscribe', 0, 'Subscribed'],
    ['Unsubscribe', 0, 'Unsubscribed'],
    ['Revoke token', 0, 'Revoked'],
    ['Cursor given?', 0, 'Thread page'],
    ['Cursor given?', 1, 'Not a cursor'],
    ['Thread page', 0, 'Thread'],
    ['Mark read', 0, 'Each mark'],
    ['Mark read', 0, 'Read'],
    ['Each mark', 0, 'Mark in Slack'],
    ['Mark in Slack', 0, 'Keep mark'],
    ...toAnswer,
  ];

  return workflowJson({ id: WORKFLOWS.conversation.id, name: 'Thrive conversation', nodes, links });
}
