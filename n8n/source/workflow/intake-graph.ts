/**
 * The workflow from the Webhook node to the answer: check the body, claim its
 * request_id, branch on the action, answer, then record and send the answer
 * (or release the claim and send the refusal). Chat delivery sits between
 * "Chat?" and "Record answer" (delivery-graph.ts).
 */
import { ACTIONS } from '../../../server/contract/request-schema.ts';
import { reasons } from '../../../server/webhook/messages.ts';
import type { Action } from '../../../src/shared/webhook/types.ts';
import { giveUp, type CodeBodies } from './code-nodes.ts';
import { WEBHOOK_PATH } from './ids.ts';
import type { Graph } from './graph.ts';
import { code, ifTrue, postgres, respond, switchOn, webhook, type N8nNode } from './nodes.ts';
import { CLAIM_REQUEST, FIND_PARENT, RECORD_ANSWER, RELEASE_CLAIM } from './sql.ts';

const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'];
const CHECK = "$('Check request').first().json";

/** The Action switch's outputs, in the order the contract lists the actions (ACTIONS), and the node each leads to. */
const ACTION_TARGETS: Record<Action, string> = {
  know_schedule: 'Find parent',
  reschedule_single: 'Reschedule answer',
  reschedule_range: 'Reschedule answer',
  chat_facilitator: 'Find parent for chat',
  book_consult: 'Consult answer',
  schedule_call: 'Call answer',
};

export function intakeGraph(bodies: CodeBodies): Graph {
  const nodes: N8nNode[] = [
    webhook('Webhook', [0, 300], WEBHOOK_PATH, 'POST'),
    webhook('Other methods', [0, 820], WEBHOOK_PATH, OTHER_METHODS),
    respond('Refuse method', [260, 820], {
      status: 405,
      body: reasons.wrongMethod,
      contentType: 'text',
      headers: { Allow: 'POST' },
    }),
    code('Check request', [260, 300], bodies.check),
    ifTrue('Refused?', [520, 300], '$json.refusal !== undefined'),
    respond('Refuse', [780, 520], {
      status: '={{ $json.refusal.status }}',
      body: '={{ $json.refusal.text }}',
      contentType: 'text',
    }),
    postgres('Claim request_id', [780, 280], CLAIM_REQUEST, `={{ [ ${CHECK}.record, ${CHECK}.phoneKey ] }}`),
    respond('Fail', [1300, 760], { status: 500, body: reasons.internal, contentType: 'text' }),
    switchOn('Seen before?', [1040, 260], '$json.seen', ['new', 'same', 'different', 'pending', 'limited']),
    respond('Answer again', [1300, 480], {
      status: '={{ $json.response_status }}',
      body: '={{ $json.response_body }}',
      contentType: 'json',
      headers: { 'Idempotent-Replayed': 'true' },
    }),
    respond('Refuse reused request_id', [1300, 620], {
      status: 409,
      body: reasons.reusedRequestId,
      contentType: 'text',
    }),
    respond('Refuse over the limit', [1300, 900], {
      status: 429,
      body: reasons.tooManyRequestsForNumber,
      contentType: 'text',
      headers: { 'Retry-After': '60' },
    }),
    switchOn('Action', [1300, 220], `${CHECK}.envelope.action`, ACTIONS),
    postgres('Find parent', [1560, 0], FIND_PARENT, `={{ [ ${CHECK}.phoneKey ] }}`),
    code('Schedule answer', [1820, 0], bodies.schedule),
    code('Reschedule answer', [1820, 160], bodies.reschedule),
    postgres('Find parent for chat', [1560, 320], FIND_PARENT, `={{ [ ${CHECK}.phoneKey ] }}`),
    code('Chat answer', [1820, 320], bodies.chat),
    code('Consult answer', [1820, 480], bodies.consult),
    code('Call answer', [1820, 640], bodies.call),
    code('Give up', [2080, 820], giveUp({ status: 500, text: reasons.internal }), false),
    ifTrue('Answered?', [2080, 300], '$json.answer !== undefined'),
    postgres('Release claim', [2340, 700], RELEASE_CLAIM, `={{ [ ${CHECK}.record.request_id, $json.refusal ] }}`),
    respond('Refuse after release', [2600, 700], {
      status: '={{ $json.refusal.status }}',
      body: '={{ $json.refusal.text }}',
      contentType: 'text',
    }),
    ifTrue('Chat?', [2340, 300], '$json.delivery !== undefined'),
    postgres(
      'Record answer',
      [4420, 200],
      RECORD_ANSWER,
      `={{ [ ${CHECK}.record.request_id, $('Answered?').first().json.answer.status, $('Answered?').first().json.answer.body ] }}`,
    ),
    respond('Answer', [4680, 200], { status: 200, body: '={{ $json.response_body }}', contentType: 'json' }),
    respond('Fail after answer', [4680, 400], { status: 500, body: reasons.internal, contentType: 'text' }),
  ];
  return {
    nodes,
    links: [
      ...OTHER_METHODS.map((_, output) => ['Other methods', output, 'Refuse method'] as const),
      ['Webhook', 0, 'Check request'],
      ['Check request', 0, 'Refused?'],
      ['Refused?', 0, 'Refuse'],
      ['Refused?', 1, 'Claim request_id'],
      ['Claim request_id', 0, 'Seen before?'],
      ['Claim request_id', 1, 'Fail'],
      ['Seen before?', 0, 'Action'],
      ['Seen before?', 1, 'Answer again'],
      ['Seen before?', 2, 'Refuse reused request_id'],
      ['Seen before?', 3, 'Fail'],
      ['Seen before?', 4, 'Refuse over the limit'],
      ...ACTIONS.map((action, output) => ['Action', output, ACTION_TARGETS[action]] as const),
      ['Find parent', 0, 'Schedule answer'],
      ['Find parent', 1, 'Give up'],
      ['Find parent for chat', 0, 'Chat answer'],
      ['Find parent for chat', 1, 'Give up'],
      ...['Schedule answer', 'Reschedule answer', 'Chat answer', 'Consult answer', 'Call answer'].map(
        (answer) => [answer, 0, 'Answered?'] as const,
      ),
      ['Give up', 0, 'Release claim'],
      ['Answered?', 0, 'Chat?'],
      ['Answered?', 1, 'Release claim'],
      ['Release claim', 0, 'Refuse after release'],
      ['Release claim', 1, 'Fail after answer'],
      ['Chat?', 1, 'Record answer'],
      ['Record answer', 0, 'Answer'],
      ['Record answer', 1, 'Fail after answer'],
    ],
  };
}
