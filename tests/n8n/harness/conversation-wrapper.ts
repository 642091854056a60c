/**
 * A test-only workflow in front of ThriveConversation, calling it as the
 * portal webhook's "Conversation" node does (its inputs, Execute Workflow):
 * POST a request body to <n8n>/webhook/thrive-conversation-test and get the
 * sub-workflow's item back as JSON, headers included (the portal webhook
 * answers with its status and body). `x-test-address` stands for the
 * address a reverse proxy would append to X-Forwarded-For.
 */
import { WORKFLOWS } from '../../../n8n/source/toolkit/ids.ts';
import { callWorkflow, respond, webhook } from '../../../n8n/source/toolkit/io-nodes.ts';
import { workflowJson } from '../../../n8n/source/toolkit/workflow.ts';

export const WRAPPER_ID = 'ThriveConversationTest';
export const WRAPPER_PATH = 'thrive-conversation-test';

export function conversationWrapper(): Record<string, unknown> {
  return workflowJson({
    id: WRAPPER_ID,
    name: 'Thrive conversation (test wrapper)',
    nodes: [
      webhook('Request', [0, 0], WRAPPER_PATH),
      callWorkflow('Call ThriveConversation', [240, 0], WORKFLOWS.conversation.id, {
        envelope: { type: 'object', value: '={{ $json.body }}' },
        language: { type: 'string', value: "={{ $json.body.language ?? 'en' }}" },
        authorization: { type: 'string', value: '={{ $json.headers.authorization ?? null }}' },
        address: { type: 'string', value: "={{ $json.headers['x-test-address'] ?? null }}" },
      }),
      respond('Sub-workflow item', [480, 0], {
        status: 200,
        body: '={{ JSON.stringify($json) }}',
        contentType: 'json',
      }),
    ],
    links: [
      ['Request', 0, 'Call ThriveConversation'],
      ['Call ThriveConversation', 0, 'Sub-workflow item'],
    ],
  });
}
