/**
 * ThrivePortalFlow, the portal's webhook, as n8n imports it: sticky notes that say what each part does, then
 * the nodes of thread-graph.ts (an open thread's read, answered at once), intake-graph.ts (the request checked,
 * claimed, answered) and slack-graph.ts (what a chat or a notice posts to Slack), linked across the parts.
 */
import { WORKFLOWS } from '../toolkit/ids.ts';
import { workflowJson } from '../toolkit/workflow.ts';
import { intakeGraph } from './intake-graph.ts';
import { NOTES } from './notes.ts';
import { slackGraph } from './slack-graph.ts';
import { threadGraph } from './thread-graph.ts';

export async function portalWorkflow(): Promise<Record<string, unknown>> {
  const parts = [threadGraph('Contract'), await intakeGraph(), await slackGraph()];
  return workflowJson({
    id: WORKFLOWS.portal.id,
    name: 'Thrive parent portal webhook',
    nodes: [...NOTES, ...parts.flatMap((part) => part.nodes)],
    links: parts.flatMap((part) => part.links),
  });
}
