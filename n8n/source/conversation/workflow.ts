/**
 * A workflow as n8n imports it, from its nodes and links. Each of these
 * workflows names the error workflow (ThriveErrors) in its settings, so a
 * failed execution reaches the staff channel, and saves no successful
 * execution: they carry codes, tokens and parents' messages.
 */
import { connectionsOf, type Link } from '../workflow/links.ts';
import type { N8nNode } from '../workflow/nodes.ts';
import { WORKFLOWS } from './ids.ts';

/** Every Thrive workflow's: a successful execution is not kept (it carries parents' data), a failed one is. */
export const KEEP_ONLY_FAILURES = {
  executionOrder: 'v1',
  saveDataSuccessExecution: 'none',
  saveDataErrorExecution: 'all',
  saveManualExecutions: false,
  saveExecutionProgress: false,
} as const;

const CALLED: string[] = [WORKFLOWS.conversation.id, WORKFLOWS.refusals.id, WORKFLOWS.errors.id];

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
      // Called by the portal webhook, and by every workflow that fails; nothing else is called.
      callerPolicy: CALLED.includes(id) ? 'workflowsFromSameOwner' : 'none',
    },
    pinData: {},
    tags: [],
  };
}
