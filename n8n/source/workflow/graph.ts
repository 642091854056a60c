/**
 * The whole workflow as n8n imports it: the nodes of intake-graph.ts and
 * slack-graph.ts, their links as n8n's connection map, sticky notes that
 * say what each part does, and settings that keep request data (parents'
 * names, numbers, files) out of n8n's execution log once a request succeeded
 * and name the error workflow.
 */
import { WORKFLOWS } from '../conversation/ids.ts';
import { codeNodes } from './code-nodes.ts';
import { intakeGraph } from './intake-graph.ts';
import { slackGraph } from './slack-graph.ts';
import type { N8nNode } from './nodes.ts';
import { WORKFLOW_ID } from './ids.ts';
import { NOTES } from './notes.ts';

export type Link = readonly [from: string, output: number, to: string];

export interface Graph {
  nodes: N8nNode[];
  links: readonly Link[];
}

type Connections = Record<string, { main: { node: string; type: 'main'; index: number }[][] }>;

function connectionsOf(nodes: readonly N8nNode[], links: readonly Link[]): Connections {
  const names = new Set(nodes.map((n) => n.name));
  const connections: Connections = {};
  for (const [from, output, to] of links) {
    if (!names.has(from) || !names.has(to)) throw new Error(`A link names a node that is not there: ${from} → ${to}`);
    const outputs = (connections[from] ??= { main: [] }).main;
    while (outputs.length <= output) outputs.push([]);
    outputs[output]?.push({ node: to, type: 'main', index: 0 });
  }
  return connections;
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
      executionOrder: 'v1',
      saveDataSuccessExecution: 'none',
      saveDataErrorExecution: 'all',
      saveManualExecutions: false,
      saveExecutionProgress: false,
      // A failed execution is told to the staff channel, as every other Thrive workflow's is.
      errorWorkflow: WORKFLOWS.errors.id,
    },
    pinData: {},
    tags: [],
  };
}
