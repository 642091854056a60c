/**
 * The workflow from the Webhook node to the answer: the body checked against the contract, the conversation's
 * actions handed to their own workflow, the request_id claimed, the rules, the action answered and written by
 * "Answer" (a chat's by "Chat answer", from what "Check request" wrote; every other answer by "Write answer"), then
 * recorded and sent (or the claim released and the refusal sent). Slack's steps sit between "Next step" and
 * "Record answer" (slack-graph.ts).
 */
import { resolve } from 'node:path';
import { requestSchema } from '../../../server/contract/request-schema.ts';
import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';
import { codeNode, functionExpression } from '../toolkit/code-node.ts';
import { WEBHOOK_PATHS, WORKFLOWS } from '../toolkit/ids.ts';
import { callWorkflow, postgres, webhook } from '../toolkit/io-nodes.ts';
import { switchLinks, type Graph } from '../toolkit/links.ts';
import { computed, data, ifTrue, set, switchOn, wait, type N8nNode } from '../toolkit/nodes.ts';
import { chatAnswerCode } from './chat-answer.ts';
import { respondToPortal } from './respond.ts';
import { CLAIM_REQUEST, RECORD_ANSWER, RELEASE_CLAIM } from './sql.ts';
import { SLACK_TEXTS, WORKFLOW_TEXTS } from './texts.ts';

const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'];
const script = (file: string) => resolve(import.meta.dirname, 'nodes', file);
const NAME_RULE = resolve(import.meta.dirname, '../../../src/shared/rules/phone.ts');
/** A step whose failure the workflow answers (500: the portal sends the request again later). */
const FAILURE_OUTPUT = { failureOutput: true };
const CHECKED = "$('Check request').first().json";
/** The answer as written: by "Answer" or "Chat answer" for a new request, else by "Write answer" (an offer accepted, say). */
export const WRITTEN =
  "($('Chat answer').isExecuted ? $('Chat answer') : $('Answer').isExecuted ? $('Answer') : $('Write answer')).first().json";
/** "Record answer"'s acceptance of an offer ("Requests"), its event line and the offer it takes; '' for others. */
const ACCEPTED =
  "...($('Requests').isExecuted && $('Requests').first().json.record ? ['record', 'event', 'offer'].map((field) => $('Requests').first().json[field]) : ['', '', ''])";
/** The id Slack gave a chat's first file before its claim ("First upload URL"), or ''. */
const FIRST_FILE =
  "($('First upload URL').isExecuted && $('First upload URL').first().json.ok === true ? $('First upload URL').first().json.file_id : '')";
const ANNOTATIONS = new Set(['description', 'examples', 'title', '$schema', '$id', 'contentEncoding']);

/**
 * The request schema as the "Check request" node reads it: what Ajv checks, without the words for readers, and
 * without the discriminator's oneOf, which only lists `$defs` by the value of `action` ("Check request" finds the
 * branch there by that name).
 */
function checkedSchema(schema: unknown): unknown {
  const { oneOf, ...rest } = schema as {
    oneOf: { $ref: string }[];
    $defs: Record<string, { properties?: { action?: { const?: string } } }>;
  };
  for (const { $ref } of oneOf) {
    const name = $ref.replace('#/$defs/', '');
    if (rest.$defs[name]?.properties?.action?.const !== name) throw new Error(`${$ref} is not the branch ${name}`);
  }
  return withoutAnnotations(rest);
}

function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, value]) => [
        key,
        key === 'properties' || key === '$defs' ? mapValues(value) : withoutAnnotations(value),
      ]),
  );
}
const mapValues = (value: unknown) =>
  Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, withoutAnnotations(inner)]),
  );

/** The refusals that need no code: a status, the key of their text, and their headers. */
const refusal = (status: number, key: string, claimed = false, headers = {}) => ({
  status,
  text: { key, values: {} },
  claimed,
  headers,
});

/**
 * Where "Check request" sends a request: its schema refused, another refusal, the conversation's, on to be
 * claimed and stored, or asked (list_requests: no request_id, nothing claimed or stored); a chat with files is
 * stored too, once Slack has given its first file an upload address ('file first').
 */
export const ROUTES = ['schema', 'refused', 'conversation', 'stored', 'asked', 'file first'] as const;
/** What the claim found ("Seen before?"): a new request is 'chat' or 'outcome' when "Check request" says so. */
export const SEEN = ['new', 'outcome', 'chat', 'same', 'different', 'wait', 'pending', 'limited'] as const;
export const NEXT = [
  'chat',
  'notice',
  'post message',
  'post file',
  'post notice',
  'record',
  'release',
  'send',
] as const;

export async function intakeGraph(): Promise<Graph> {
  const nodes: N8nNode[] = [
    webhook('Webhook', [0, 300], WEBHOOK_PATHS.portal),
    webhook('Other methods', [0, 1000], WEBHOOK_PATHS.portal, { methods: OTHER_METHODS }),
    respondToPortal('Refuse method', [260, 1000], {
      status: 405,
      body: ANSWER_TEXTS.en.wrongMethod,
      contentType: 'text',
      headers: { Allow: 'POST' },
      cors: false,
    }),
    data('Contract', [220, 300], {
      request_schema: checkedSchema(requestSchema),
      answer_texts: WORKFLOW_TEXTS,
      slack_texts: SLACK_TEXTS,
    }),
    await codeNode('Check request', [660, 300], script('check-request.js')),
    switchOn('Route request', [880, 300], '$json.route', ROUTES),
    // Only a refused request runs it, so it lives in its own workflow (n8n/thrive-refusals.workflow.json).
    callWorkflow('Explain refusal', [1100, 520], WORKFLOWS.refusals.id),
    callWorkflow('Conversation', [1100, 0], WORKFLOWS.conversation.id, {
      envelope: { type: 'object', value: '={{ $json.envelope }}' },
      language: { type: 'string', value: '={{ $json.language }}' },
      authorization: { type: 'string', value: "={{ $('Webhook').first().json.headers.authorization ?? null }}" },
      // The client's address as the reverse proxy appended it: the per-address limits on codes and on tries.
      address: {
        type: 'string',
        value: "={{ ($('Webhook').first().json.headers['x-forwarded-for'] ?? '').split(',').at(-1).trim() || null }}",
      },
    }),
    postgres(
      'Claim request_id',
      [1980, 200],
      CLAIM_REQUEST,
      `={{ [ ${CHECKED}.record, ${CHECKED}.phoneKey, ${CHECKED}.canonical, $json.attempt ?? 0, ${CHECKED}.roster, ${CHECKED}.firstPost, ${FIRST_FILE} ] }}`,
      FAILURE_OUTPUT,
    ),
    // A new request goes where "Check request" says: a chat to "Chat answer", an outcome to its own workflow, any
    // other to "Answer".
    switchOn('Seen before?', [2200, 200], `$json.seen === 'new' ? ${CHECKED}.whenNew : $json.seen`, SEEN),
    wait('Wait a moment', [2200, -60], 0.2),
    // The stored answer (always a 200's JSON: only those are recorded), sent again marked as a replay.
    set('Answer again', [2420, 360], {
      status: ['number', '={{ $json.response_status }}'],
      body: ['string', '={{ $json.response_body }}'],
      type: ['string', 'json'],
      header: ['object', "={{ { name: 'Idempotent-Replayed', value: 'true' } }}"],
    }),
    data('Reused request_id', [2420, 520], refusal(409, 'reusedRequestId')),
    data('Still at work', [2420, 680], refusal(500, 'internal')),
    // The reference server's per-number limit counts a minute.
    data('Over the limit', [2420, 840], refusal(429, 'tooManyRequestsForNumber', false, { 'Retry-After': '60' })),
    await codeNode('Check rules', [2640, -160], script('check-rules.js')),
    ifTrue('Rules broken?', [2640, -60], '$json.status !== undefined'),
    // list_requests and accept_offer: their own workflow (n8n/thrive-requests.workflow.json), as few requests are.
    callWorkflow('Requests', [2970, -160], WORKFLOWS.requests.id, {
      envelope: { type: 'object', value: '={{ $json.envelope }}' },
      phoneKey: { type: 'string', value: `={{ ${CHECKED}.phoneKey }}` },
    }),
    await codeNode('Answer', [3300, 40], script('answer.js')),
    // An expression, not a Code node: the chat's answer was written before the claim, which has now read the roster.
    computed(
      'Chat answer',
      [3300, -120],
      chatAnswerCode(`${CHECKED}.chat`, await functionExpression('nameKey', NAME_RULE)),
    ),
    data('Step failed', [3300, 840], refusal(500, 'internal', true)),
    await codeNode('Write answer', [3520, 400], script('write-answer.js')),
    switchOn('Next step', [3740, 400], '$json.next', NEXT),
    postgres(
      'Record answer',
      [5700, 300],
      RECORD_ANSWER,
      `={{ [ ${CHECKED}.record.request_id, ${WRITTEN}.status, ${WRITTEN}.body, ${ACCEPTED} ] }}`,
      FAILURE_OUTPUT,
    ),
    postgres(
      'Release claim',
      [3960, 760],
      RELEASE_CLAIM,
      `={{ [ ${CHECKED}.record.request_id, $json.status, $json.body, $json.type ] }}`,
      FAILURE_OUTPUT,
    ),
    // n8n's Respond node has a fixed list of headers. Its last is the answer's own, when "Write answer" or "Answer
    // again" gives one (a replay's Idempotent-Replayed, a refusal's WWW-Authenticate or Retry-After); any other
    // answer repeats Vary there, which changes nothing (n8n keeps one header per name).
    respondToPortal('Send answer', [5920, 400], {
      status: '={{ $json.status }}',
      body: '={{ $json.body }}',
      contentType: '$json.type',
      headers: { "={{ $json.header?.name ?? 'Vary' }}": "={{ $json.header?.value ?? 'Origin' }}" },
    }),
    // A new request's 200, as recorded: JSON and no header of its own, so four expressions fewer than "Send answer".
    respondToPortal('Send recorded', [5920, 200], { status: 200, body: '={{ $json.body }}', contentType: 'json' }),
    // The database failed even to give a claim up: nothing is left to write an answer with.
    data('Database failed', [4180, 1000], { status: 500, body: ANSWER_TEXTS.en.internal, type: 'text' }),
  ];
  return {
    nodes,
    links: [
      ...OTHER_METHODS.map((_, output) => ['Other methods', output, 'Refuse method'] as const),
      ['Webhook', 0, 'Thread read?'],
      ['Contract', 0, 'Check request'],
      ['Check request', 0, 'Route request'],
      ...switchLinks('Route request', ROUTES, {
        schema: 'Explain refusal',
        refused: 'Write answer',
        conversation: 'Conversation',
        stored: 'Claim request_id',
        asked: 'Check rules',
        'file first': 'First upload URL',
      }),
      ['Explain refusal', 0, 'Write answer'],
      ['Explain refusal', 1, 'Still at work'],
      ['Conversation', 0, 'Write answer'],
      ['Conversation', 1, 'Still at work'],
      ['Claim request_id', 0, 'Seen before?'],
      ['Claim request_id', 1, 'Still at work'],
      ...switchLinks('Seen before?', SEEN, {
        new: 'Answer',
        outcome: 'Check rules',
        chat: 'Chat answer',
        same: 'Answer again',
        different: 'Reused request_id',
        wait: 'Wait a moment',
        pending: 'Still at work',
        limited: 'Over the limit',
      }),
      ['Answer again', 0, 'Send answer'],
      ['Wait a moment', 0, 'Claim request_id'],
      ['Reused request_id', 0, 'Write answer'],
      ['Still at work', 0, 'Write answer'],
      ['Over the limit', 0, 'Write answer'],
      ['Check rules', 0, 'Rules broken?'],
      ['Rules broken?', 0, 'Write answer'],
      ['Rules broken?', 1, 'Requests'],
      ['Requests', 0, 'Write answer'],
      ['Requests', 1, 'Still at work'],
      ['Answer', 0, 'Next step'],
      ['Chat answer', 0, 'Next step'],
      ['Step failed', 0, 'Write answer'],
      ['Write answer', 0, 'Next step'],
      ...switchLinks('Next step', NEXT, {
        chat: 'Slack so far',
        notice: 'Slack so far',
        // The claim wrote the post's intent: nothing of the request is in Slack yet. A chat whose first file's
        // intent it wrote too has that file uploaded and shared straight after the post.
        'post message': 'Post message',
        'post file': 'Post chat',
        'post notice': 'Buttons?',
        record: 'Record answer',
        release: 'Release claim',
        send: 'Send answer',
      }),
      ['Record answer', 0, 'Send recorded'],
      ['Record answer', 1, 'Step failed'],
      ['Release claim', 0, 'Send answer'],
      ['Release claim', 1, 'Database failed'],
      ['Database failed', 0, 'Send answer'],
    ],
  };
}
