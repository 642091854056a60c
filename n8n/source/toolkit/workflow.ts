/**
 * A workflow as n8n imports it, from its nodes and links, and the file it is written to. Every Thrive workflow
 * names the error workflow (ThriveErrors) in its settings, so a failed execution reaches the staff channel, and
 * saves no successful execution: they carry parents' names, numbers, messages, files, codes and tokens. A
 * failed one is kept for whoever investigates it.
 */
import { WORKFLOWS } from './ids.ts';
import { connectionsOf, type Link } from './links.ts';
import type { N8nNode } from './nodes.ts';

const KEEP_ONLY_FAILURES = {
  executionOrder: 'v1',
  saveDataSuccessExecution: 'none',
  saveDataErrorExecution: 'all',
  saveManualExecutions: false,
  saveExecutionProgress: false,
} as const;

/**
 * Called by the portal webhook, by every workflow that fails, (the push sender) by the Slack events workflow and the
 * request outcomes, (the push and text senders) by their own next batch, and (the announcements) by the Slack
 * actions workflow, by the requests workflow after a parent's mark and by itself; no other workflow may be called.
 */
const CALLED: string[] = [
  WORKFLOWS.conversation.id,
  WORKFLOWS.refusals.id,
  WORKFLOWS.requests.id,
  WORKFLOWS.errors.id,
  WORKFLOWS.push.id,
  WORKFLOWS.texts.id,
  WORKFLOWS.announcements.id,
];

export interface WorkflowSpec {
  id: string;
  name: string;
  nodes: N8nNode[];
  links: readonly Link[];
}

export function workflowJson({ id, name, nodes, links }: WorkflowSpec): Record<string, unknown> {
  const names = nodes.map((n) => n.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`Two nodes are named ${twice}`);
  return {
    id,
    name,
    active: false,
    nodes,
    connections: connectionsOf(nodes, links),
    settings: {
      ...KEEP_ONLY_FAILURES,
      ...(id === WORKFLOWS.errors.id ? {} : { errorWorkflow: WORKFLOWS.errors.id }),
      callerPolicy: CALLED.includes(id) ? 'workflowsFromSameOwner' : 'none',
    },
    pinData: {},
    tags: [],
  };
}

/**
 * A workflow as n8n exports one (`n8n export:workflow` writes compact JSON), but a line per node and per node's
 * links, so a change to one node is a change to one line. Indented, the same JSON is a quarter to a half larger,
 * all of it spaces.
 */
export function workflowFile(workflow: object): string {
  const fields = Object.entries(workflow).map(([key, value]) => {
    if (key === 'nodes')
      return `  "nodes": [\n${(value as unknown[]).map((n) => `    ${JSON.stringify(n)}`).join(',\n')}\n  ]`;
    if (key === 'connections') {
      const lines = Object.entries(value as object).map(
        ([from, to]) => `    ${JSON.stringify(from)}: ${JSON.stringify(to)}`,
      );
      return `  "connections": {\n${lines.join(',\n')}\n  }`;
    }
    return `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  });
  return `{\n${fields.join(',\n')}\n}\n`;
}
