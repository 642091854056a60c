/**
 * A workflow's links between nodes, and n8n's connections object made from
 * them: one way of wiring for every workflow generated here.
 */
import type { N8nNode } from './nodes.ts';

/** From a node's output (0 unless it has several) to a node. */
export type Link = readonly [from: string, output: number, to: string];

/** A part of a workflow: its nodes and their links (which may name nodes of the other parts). */
export interface Graph {
  nodes: N8nNode[];
  links: readonly Link[];
}

type Connections = Record<string, { main: { node: string; type: 'main'; index: number }[][] }>;

/** n8n's connections object from the links, refusing a link to a node that is not there. */
export function connectionsOf(nodes: readonly N8nNode[], links: readonly Link[]): Connections {
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

/** A Switch node's links (switchOn): one output per value, in their order, each to the node `targets` names for it. */
export function switchLinks<V extends string>(from: string, values: readonly V[], targets: Record<V, string>): Link[] {
  return values.map((value, output) => [from, output, targets[value]]);
}
