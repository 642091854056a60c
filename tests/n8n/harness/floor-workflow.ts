/**
 * n8n's own floor: a test-only workflow that is a Webhook answered by a Respond to Webhook node with a fixed
 * body, with the settings every Thrive workflow has (no successful execution saved). What one execution costs n8n
 * before a workflow does anything: the cost table sets each action's CPU per request beside it.
 */
import { respond, webhook } from '../../../n8n/source/toolkit/io-nodes.ts';
import { workflowJson } from '../../../n8n/source/toolkit/workflow.ts';

export const FLOOR_ID = 'ThriveFloorTest';
export const FLOOR_PATH = 'thrive-floor-test';

export function floorWorkflow(): Record<string, unknown> {
  return workflowJson({
    id: FLOOR_ID,
    name: "n8n's floor (test workflow)",
    nodes: [
      webhook('Webhook', [0, 0], FLOOR_PATH),
      respond('Respond to Webhook', [240, 0], { status: 200, body: '{"ok":true}', contentType: 'json' }),
    ],
    links: [['Webhook', 0, 'Respond to Webhook']],
  });
}
