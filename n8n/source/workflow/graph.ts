/**
 * The whole workflow as n8n imports it: the nodes of intake-graph.ts and
 * slack-graph.ts, their links as n8n's connection map, sticky notes that
 * say what each part does, and settings that keep request data (parents'
 * names, numbers, files) out of n8n's execution log once a request succeeded
 * and name the error workflow.
 */
import { WORKFLOWS } from '../conversation/ids.ts';
import { KEEP_ONLY_FAILURES } from '../conversation/workflow.ts';
import { codeNodes } from './code-nodes.ts';
import { intakeGraph } from './intake-graph.ts';
import { connectionsOf, type Link } from './links.ts';
import { slackGraph } from './slack-graph.ts';
import type { N8nNode } from './nodes.ts';
import { WORKFLOW_ID } from './ids.ts';
import { NOTES } from './notes.ts';

export interface Graph {
  nodes: N8nNode[];
  links: readonly Link[];
}

export function buildWorkflow(): Record<string, unknown> {
  const bodies = codeNodes();
  const parts = [intakeGraph(bodies), slackGraph(bodies)];
  const nodes = [...NOTES, ...parts.flatMap((part) => part.nodes)];
  return {
    id: WORKFLOW_ID,
    name: 'Thrive parent portal webhook',
    active: false,
    nodes,
    connections: connectionsOf(
      nodes,
      parts.flatMap((part) => part.links),
    ),
    settings: {
      ...KEEP_ONLY_FAILURES,
      // A failed execution is told to the staff channel, as every other Thrive workflow's is.
      errorWorkflow: WORKFLOWS.errors.id,
    },
    pinData: {},
    tags: [],
  };
}
