/**
 * A test-only workflow in front of ThriveConversation, until the portal
 * webhook routes the conversation actions to it: POST a request body to
 * <n8n>/webhook/thrive-conversation-test and get the sub-workflow's answer
 * item { status, body, contentType, headers } back as JSON, as the portal
 * webhook's Execute Workflow node would.
 */
import { stableId } from '../../../n8n/source/workflow/nodes.ts';
import { WORKFLOWS } from '../../../n8n/source/conversation/ids.ts';
import { respond, set, webhook } from '../../../n8n/source/conversation/nodes.ts';
import { workflowJson } from '../../../n8n/source/conversation/workflow.ts';

export const WRAPPER_ID = 'ThriveConversationTest';
export const WRAPPER_PATH = 'thrive-conversation-test';

export function conversationWrapper(): Record<string, unknown> {
  const call = {
    id: stableId('Call ThriveConversation'),
    name: 'Call ThriveConversation',
    type: 'n8n-nodes-base.executeWorkflow',
    typeVersion: 1.3,
    position: [480, 0] as [number, number],
    parameters: {
      source: 'database',
      workflowId: { __rl: true, value: WORKFLOWS.conversation.id, mode: 'id' },
      mode: 'once',
      options: { waitForSubWorkflow: true },
    },
  };
  return workflowJson({
    id: WRAPPER_ID,
    name: 'Thrive conversation (test wrapper)',
    nodes: [
      webhook('Request', [0, 0], WRAPPER_PATH),
      set('Call item', [240, 0], {
        envelope: ['object', '={{ $json.body }}'],
        language: ['string', "={{ $json.body.language ?? 'en' }}"],
        authorization: ['string', "={{ $json.headers.authorization ?? '' }}"],
        address: ['string', "={{ $json.headers['x-test-address'] ?? '127.0.0.1' }}"],
        portalHost: ['string', ''],
      }),
      call,
      respond('Sub-workflow item', [720, 0], { status: 200, body: '={{ JSON.stringify($json) }}' }, 'application/json'),
    ],
    links: [
      ['Request', 0, 'Call item'],
      ['Call item', 0, 'Call ThriveConversation'],
      ['Call ThriveConversation', 0, 'Sub-workflow item'],
    ],
  });
}
