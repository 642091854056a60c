import { readFileSync } from 'node:fs';
import { WORKFLOW_PATH } from '../../../../n8n/source/workflow/ids.ts';
import type { N8nNode } from '../../../../n8n/source/workflow/nodes.ts';
import { runCodeNode } from './code-sandbox.ts';

/** The committed workflow, as n8n imports it. */
export const workflow = JSON.parse(readFileSync(WORKFLOW_PATH, 'utf8')) as {
  nodes: N8nNode[];
  connections: Record<string, { main: { node: string }[][] }>;
};

export function nodeNamed(name: string): N8nNode {
  const found = workflow.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`No node named ${name}`);
  return found;
}

/**
 * Runs one Code node of the committed workflow on `json`, with the outputs of
 * earlier nodes it reads through `$('Node').first()`.
 */
export async function runNode(name: string, json: unknown, earlier: Record<string, unknown> = {}): Promise<unknown> {
  const $ = (node: string) => ({
    first: () => {
      if (!(node in earlier)) throw new Error(`${name} read ${node}, which the test did not give`);
      return { json: earlier[node] };
    },
  });
  const result = await runCodeNode(String(nodeNamed(name).parameters.jsCode), { $json: json, $ });
  return (result as { json?: unknown }).json ?? result;
}
