import { readFileSync } from 'node:fs';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import type { N8nNode } from '../../../../n8n/source/toolkit/nodes.ts';
import { runCodeNode } from './code-sandbox.ts';

export interface Workflow {
  id: string;
  nodes: N8nNode[];
  connections: Record<string, { main: { node: string }[][] }>;
  settings: Record<string, unknown>;
}

export const committed = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Workflow;

/** The committed portal webhook workflow, as n8n imports it. */
export const workflow = committed(WORKFLOWS.portal.path);

/** The workflow the portal's "Explain refusal" calls, which holds the Code node of that name. */
export const refusals = committed(WORKFLOWS.refusals.path);

/** Every committed Thrive workflow. */
export const allWorkflows = Object.values(WORKFLOWS).map(({ path }) => committed(path));

export function nodeNamed(name: string, from: Workflow = workflow): N8nNode {
  const found = from.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`No node named ${name}`);
  return found;
}

/** What the "Contract" Set node outputs: the request schema and the answer texts. */
export const contract = JSON.parse(String(nodeNamed('Contract').parameters.jsonOutput)) as Record<string, unknown>;

/**
 * Runs one Code node of the committed workflow on `json`, with the outputs of
 * earlier nodes it reads through `$('Node').first()`.
 */
export async function runNode(
  name: string,
  json: unknown,
  earlier: Record<string, unknown> = {},
  from: Workflow = workflow,
): Promise<unknown> {
  const result = await runCodeNode(String(nodeNamed(name, from).parameters.jsCode), {
    $json: json,
    $: earlierNodes(name, earlier),
  });
  return (result as { json?: unknown }).json ?? result;
}

/**
 * What a Set node of the committed workflow that makes its item with one expression ("Chat answer") gives for
 * `json`, with the outputs of earlier nodes it reads through `$('Node').first()`.
 */
export function runExpressionNode(name: string, json: unknown, earlier: Record<string, unknown>): unknown {
  return evaluate(nodeNamed(name).parameters.jsonOutput, json, earlierNodes(name, earlier));
}

/** An `={{ … }}` parameter evaluated as plain JavaScript, with `$json` the item's JSON and `$` the earlier nodes. */
export function evaluate(parameter: unknown, $json: unknown, $?: unknown): unknown {
  const text = String(parameter);
  if (!text.startsWith('={{ ') || !text.endsWith(' }}')) throw new Error(`not one expression: ${text}`);
  return new Function('$json', '$', `return (${text.slice(4, -3)});`)($json, $) as unknown;
}

/** n8n's `$('Node')` for a node run apart: the outputs of the earlier nodes the test gives, and no other. */
function earlierNodes(name: string, earlier: Record<string, unknown>) {
  return (node: string) => ({
    first: () => {
      if (!(node in earlier)) throw new Error(`${name} read ${node}, which the test did not give`);
      return { json: earlier[node] };
    },
  });
}

export interface Sent {
  status: number;
  body: string;
  type: 'json' | 'text';
  next: string;
  slack: { kind: string; channel: string | null; text: string } | null;
}

/**
 * One request through the workflow's Code nodes, in the order its graph runs them, as far as n8n without a
 * database goes: the check, the rules and the answer of a new request, written by "Answer" or, for a chat, picked by
 * "Chat answer" from what "Check request" wrote (the rules' refusals too; other refusals by "Write answer").
 * `parentRow` stands in for the roster the claim reads, `claim` for the rest of its row.
 */
export async function answerOf(
  webhook: { headers: Record<string, string>; body: unknown },
  parentRow: (number: string) => unknown,
  claim: { intended?: string | null; intended_file?: string | null } = {},
): Promise<Sent> {
  const earlier: Record<string, unknown> = { Webhook: webhook, Contract: contract };
  const write = (json: unknown) => runNode('Write answer', json, earlier) as Promise<Sent>;
  const checked = (await runNode('Check request', {}, earlier)) as {
    route: string;
    whenNew?: string;
    roster?: boolean;
    firstPost?: string;
    envelope?: Envelope;
  };
  earlier['Check request'] = checked;
  // The refusals workflow is given the item alone: it can read no node of the portal's.
  if (checked.route === 'schema') return write(await runNode('Explain refusal', checked, {}, refusals));
  if (checked.route === 'refused') return write(checked);
  if (checked.route !== 'stored' && checked.route !== 'file first')
    throw new Error(`answerOf runs no ${checked.route} workflow`);
  if (checked.whenNew === 'outcome') throw new Error('answerOf runs no outcome workflow');
  // The claim's row: the roster read with it when the answer needs it, and the first post's intent it wrote (a
  // new claim writes it unless Slack already has part of the request: `claim` says so), with a chat's first file's
  // when Slack gave that file an id before the claim ('file first').
  const roster = checked.roster ? (parentRow(checked.envelope?.user.number ?? '') as object) : {};
  const firstFile = checked.route === 'file first' ? 'F00000001' : null;
  const claimed = { seen: 'new', intended: checked.firstPost || null, intended_file: firstFile, ...roster, ...claim };
  if (checked.whenNew === 'chat') return runExpressionNode('Chat answer', claimed, earlier) as Sent;
  return runNode('Answer', claimed, earlier) as Promise<Sent>;
}

interface Envelope {
  action: string;
  user: { name: string; number: string };
}
