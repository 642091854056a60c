/**
 * "Thrive refusal reasons" (n8n/thrive-refusals.workflow.json): the reason a schema refusal gives, called by the
 * portal webhook's "Explain refusal" with what "Check request" found. A request the portal sends never takes
 * this path, so the portal's workflow holds only what a request runs; a refusal pays for one more execution.
 */
import { WORKFLOWS } from '../conversation/ids.ts';
import { calledBy } from '../conversation/nodes.ts';
import { workflowJson } from '../conversation/workflow.ts';
import { codeNodes } from './code-nodes.ts';
import { code } from './nodes.ts';

const TRIGGER = 'Called by Explain refusal';

export function refusalsWorkflow(): Record<string, unknown> {
  return workflowJson({
    id: WORKFLOWS.refusals.id,
    name: 'Thrive refusal reasons',
    nodes: [calledBy(TRIGGER, [0, 0]), code('Explain refusal', [240, 0], codeNodes().explainRefusal)],
    links: [[TRIGGER, 0, 'Explain refusal']],
  });
}
