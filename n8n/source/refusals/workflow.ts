/**
 * "Thrive refusal reasons" (n8n/thrive-refusals.workflow.json): the reason a schema refusal gives, called by the
 * portal webhook's "Explain refusal" with what "Check request" found. A request the portal sends never takes
 * this path, so the portal's workflow holds only what a request runs; a refusal pays for one more execution.
 */
import { resolve } from 'node:path';
import { codeNode } from '../toolkit/code-node.ts';
import { WORKFLOWS } from '../toolkit/ids.ts';
import { calledBy } from '../toolkit/io-nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';

const TRIGGER = 'Called by Explain refusal';

export async function refusalsWorkflow(): Promise<Record<string, unknown>> {
  return workflowJson({
    id: WORKFLOWS.refusals.id,
    name: 'Thrive refusal reasons',
    nodes: [
      calledBy(TRIGGER, [0, 0]),
      await codeNode('Explain refusal', [240, 0], resolve(import.meta.dirname, 'nodes/explain-refusal.js')),
    ],
    links: [[TRIGGER, 0, 'Explain refusal']],
  });
}
