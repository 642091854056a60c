/**
 * ThriveRequests: the sub-workflow the portal webhook (ThrivePortalFlow) calls with Execute Workflow for the
 * request-outcome actions, list_requests and accept_offer, and the announcements' list_announcements and
 * mark_announcement_seen, with one item { envelope, phoneKey } (the request as
 * the webhook checked it, and its number as the roster keys it). Its last node, **Answer requests** (Answer's item),
 * answers one item as the portal's "Answer" does: { status, answer, claimed } or a refusal { status, text, claimed };
 * an accepted offer adds { record, event, offer }, which the portal's "Record answer" stores with the answer
 * (thrive.record_outcome, which also counts the offer as seen for the texts). The outcomes list_requests shows are
 * seen: "Mark outcomes seen" keeps their text from going (thrive.texts_seen_requests).
 * They live apart from the portal webhook because few requests are these; know_schedule, which every visit to
 * the schedule asks, applies confirmed moves and session changes read with the portal's own claim. A mark that
 * is theirs is kept by "Mark seen", which then starts Thrive announcements' sync, so the staff channel's post
 * shows the new seen count (it does not wait for it).
 */
import { resolve } from 'node:path';
import { answersOf, sessionsOf } from '../database/outcome-reads-sql.ts';
import { codeNode } from '../toolkit/code-node.ts';
import { WORKFLOWS } from '../toolkit/ids.ts';
import { calledBy, postgres } from '../toolkit/io-nodes.ts';
import { switchLinks } from '../toolkit/links.ts';
import { computed, ifTrue, node, sticky, switchOn } from '../toolkit/nodes.ts';
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

/**
 * $1: the phone key. One row: the roster's name for the number, and its announcements
 * (thrive.parent_announcements, which sends the due ones first).
 */
const FIND_ANNOUNCEMENTS = `SELECT (SELECT p.name FROM thrive.parents p WHERE p.number = $1) AS parent_name,
  thrive.parent_announcements($1, now()) AS announcements;`;

const ACTIONS = ['requests', 'announcements'] as const;

const TRIGGER = 'Called by the portal webhook';
/** The request ids of the answered requests list_requests shows, as the reference server counts them seen. */
const ANSWERED = "$json.answer.requests.filter((r) => r.status !== 'waiting').map((r) => r.request_id)";

const NOTE = `## Thrive requests (sub-workflow)
Called by **Thrive parent portal webhook** for \`list_requests\` (a parent's reschedule requests and what became of them), \`accept_offer\` (the parent takes the time staff offered from Slack), \`list_announcements\` and \`mark_announcement_seen\`, with \`{ envelope, phoneKey }\`; answers from **Answer** or **Answer announcements**.`;

export async function requestsWorkflow(): Promise<Record<string, unknown>> {
  return workflowJson({
    id: WORKFLOWS.requests.id,
    name: 'Thrive requests',
    nodes: [
      sticky('About', [-40, -260], [560, 200], NOTE),
      calledBy(TRIGGER, [0, 200], { envelope: 'object', phoneKey: 'string' }),
      switchOn(
        'Which action?',
        [120, 200],
        "$json.envelope.action.includes('_announcement') ? 'announcements' : 'requests'",
        ACTIONS,
      ),
      postgres('Find requests', [240, 200], FIND_REQUESTS, '={{ [ $json.phoneKey ] }}'),
      postgres('Find announcements', [240, 440], FIND_ANNOUNCEMENTS, '={{ [ $json.phoneKey ] }}'),
      await codeNode('Announcements', [480, 440], resolve(import.meta.dirname, 'nodes/announcements.js')),
      ifTrue('Mark?', [720, 440], '$json.mark !== null'),
      postgres(
        'Mark seen',
        [960, 360],
        'SELECT thrive.mark_announcement_seen($1, $2, now()) AS marked;',
        `={{ [ $('${TRIGGER}').first().json.phoneKey, $json.mark ] }}`,
      ),
      // The staff channel's post shows the new seen count: started, not waited for.
      {
        ...node('Sync posts', 'executeWorkflow', 1.2, [1200, 360], {
          workflowId: { __rl: true, mode: 'id', value: WORKFLOWS.announcements.id },
          options: { waitForSubWorkflow: false },
        }),
        onError: 'continueRegularOutput',
      },
      computed('Answer announcements', [1440, 440], "$('Announcements').first().json"),
      await codeNode('Outcomes', [480, 200], resolve(import.meta.dirname, 'nodes/outcomes.js')),
      await codeNode('Answer', [720, 200], resolve(import.meta.dirname, 'nodes/answer.js')),
      ifTrue(
        'Outcomes seen?',
        [960, 200],
        `$json.status === 200 && $('${TRIGGER}').first().json.envelope.action === 'list_requests' && ${ANSWERED}.length > 0`,
      ),
      postgres(
        'Mark outcomes seen',
        [1200, 120],
        'SELECT thrive.texts_seen_requests($1, $2::jsonb) AS seen;',
        `={{ [ $('${TRIGGER}').first().json.phoneKey, JSON.stringify(${ANSWERED}) ] }}`,
      ),
      computed('Answer requests', [1440, 200], "$('Answer').first().json"),
    ],
    links: [
      [TRIGGER, 0, 'Which action?'],
      ...switchLinks('Which action?', ACTIONS, { requests: 'Find requests', announcements: 'Find announcements' }),
      ['Find announcements', 0, 'Announcements'],
      ['Announcements', 0, 'Mark?'],
      ['Mark?', 0, 'Mark seen'],
      ['Mark?', 1, 'Answer announcements'],
      ['Mark seen', 0, 'Sync posts'],
      ['Sync posts', 0, 'Answer announcements'],
      ['Find requests', 0, 'Outcomes'],
      ['Outcomes', 0, 'Answer'],
      ['Answer', 0, 'Outcomes seen?'],
      ['Outcomes seen?', 0, 'Mark outcomes seen'],
      ['Outcomes seen?', 1, 'Answer requests'],
      ['Mark outcomes seen', 0, 'Answer requests'],
    ],
  });
}
