/**
 * ThriveRequests: the sub-workflow the portal webhook (ThrivePortalFlow) calls with Execute Workflow for the
 * request-outcome actions, list_requests and accept_offer, with one item { envelope, phoneKey } (the request as
 * the webhook checked it, and its number as the roster keys it). Its last node, **Answer**, answers one item as the portal's
 * "Answer" does: { status, answer, claimed } or a refusal { status, text, claimed }; an accepted offer adds
 * { record, event, offer }, which the portal's "Record answer" stores with the answer (thrive.record_outcome).
 * They live apart from the portal webhook because few requests are these; know_schedule, which every visit to
 * the schedule asks, applies confirmed moves read with the portal's own claim.
 */
import { resolve } from 'node:path';
import { answersOf, sessionsOf } from '../database/outcome-reads-sql.ts';
import { codeNode } from '../toolkit/code-node.ts';
import { WORKFLOWS } from '../toolkit/ids.ts';
import { calledBy, postgres } from '../toolkit/io-nodes.ts';
import { sticky } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';

/**
 * $1: the phone key. One row: the roster's name for the number (null when it is not on the roster), its weekly
 * sessions, and its answered reschedule requests, newest first, each with its answers, oldest first (what
 * "Outcomes" reads them by: outcome-reads-sql.ts).
 */
const FIND_REQUESTS = `SELECT (SELECT p.name FROM thrive.parents p WHERE p.number = $1) AS parent_name,
  ${sessionsOf('$1')} AS sessions, (
  SELECT COALESCE(json_agg(json_build_object(
    'request_id', r.request_id, 'action', r.action, 'payload', r.payload, 'timestamp_ist', r.timestamp_ist,
    'user_name', r.user_name, 'language', r.language, 'answers', ${answersOf('r.request_id')}
  ) ORDER BY r.received_at DESC, r.request_id), '[]'::json)
  FROM thrive.requests r
  WHERE thrive.phone_key(r.user_number) = $1 AND r.response_status = 200
    AND r.action IN ('reschedule_single', 'reschedule_range')
) AS requests;`;

const NOTE = `## Thrive requests (sub-workflow)
Called by **Thrive parent portal webhook** for \`list_requests\` (a parent's reschedule requests and what became of them) and \`accept_offer\` (the parent takes the time staff offered from Slack), with \`{ envelope, phoneKey }\`; answers from **Answer**.`;

export async function requestsWorkflow(): Promise<Record<string, unknown>> {
  const trigger = 'Called by the portal webhook';
  return workflowJson({
    id: WORKFLOWS.requests.id,
    name: 'Thrive requests',
    nodes: [
      sticky('About', [-40, -260], [560, 200], NOTE),
      calledBy(trigger, [0, 200], { envelope: 'object', phoneKey: 'string' }),
      postgres('Find requests', [240, 200], FIND_REQUESTS, '={{ [ $json.phoneKey ] }}'),
      await codeNode('Outcomes', [480, 200], resolve(import.meta.dirname, 'nodes/outcomes.js')),
      await codeNode('Answer', [720, 200], resolve(import.meta.dirname, 'nodes/answer.js')),
    ],
    links: [
      [trigger, 0, 'Find requests'],
      ['Find requests', 0, 'Outcomes'],
      ['Outcomes', 0, 'Answer'],
    ],
  });
}
