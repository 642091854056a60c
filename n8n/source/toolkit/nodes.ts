/**
 * n8n node JSON: the node every builder makes, and the nodes that decide, shape data or annotate, at the type
 * versions of the n8n the workflows were proven against (2.40.7; see n8n/README.md). Node ids are derived from
 * node names, so generating again changes nothing that did not change. The nodes that start a workflow, answer
 * it or reach another system are in io-nodes.ts, the Code node in code-node.ts.
 */
import { createHash } from 'node:crypto';

export interface N8nNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: Position;
  parameters: Record<string, unknown>;
  webhookId?: string;
  credentials?: Record<string, { id: string; name: string }>;
  onError?: 'continueErrorOutput' | 'continueRegularOutput';
  /** Runs once, with its first item, however many it is given. */
  executeOnce?: boolean;
  notes?: string;
  notesInFlow?: boolean;
}

export type Position = [number, number];

const sha256 = (name: string) => createHash('sha256').update(name).digest('hex');

/**
 * A stable id for a name: of a node, or of a condition or field in one. n8n asks only that a workflow's node ids
 * be unique (it fills in missing ones on import), so 12 hex digits do, at a third of a UUID's bytes.
 */
export const stableId = (name: string): string => sha256(name).slice(0, 12);

/** A stable UUID for a name: a webhook's id, which n8n puts in the address of its test and waiting webhooks. */
export function stableUuid(name: string): string {
  const hex = sha256(name);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A node of `n8n-nodes-base.{type}`, its id derived from its name. */
export function node(name: string, type: string, typeVersion: number, position: Position, parameters: object): N8nNode {
  return {
    id: stableId(name),
    name,
    type: `n8n-nodes-base.${type}`,
    typeVersion,
    position,
    parameters: { ...parameters },
  };
}

/**
 * An environment variable in an expression, or `fallback` when it is unset or n8n hides the environment from
 * expressions (N8N_BLOCK_ENV_ACCESS_IN_NODE, true by default).
 */
export const env = (name: string, fallback: string) =>
  `((() => { try { return $env.${name} } catch (error) { return undefined } })() || ${JSON.stringify(fallback)})`;

const FILTER_OPTIONS = { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 };

/** An If node on one boolean expression: output 0 when true, 1 when false. */
export function ifTrue(name: string, position: Position, expression: string): N8nNode {
  const condition = {
    id: stableId(`${name}:condition`),
    leftValue: `={{ ${expression} }}`,
    rightValue: '',
    operator: { type: 'boolean', operation: 'true', singleValue: true },
  };
  return node(name, 'if', 2.3, position, {
    conditions: { options: FILTER_OPTIONS, conditions: [condition], combinator: 'and' },
    options: {},
  });
}

/**
 * A Switch node with one output per value of a text expression, in the order
 * given (named in the node's note; links.ts's switchLinks wires them by value).
 * Expression mode, not rules: n8n evaluates every rule of a rules-mode Switch
 * on every run, one expression each, and expressions are most of n8n's own CPU
 * per request here.
 */
export function switchOn(name: string, position: Position, expression: string, values: readonly string[]): N8nNode {
  return {
    ...node(name, 'switch', 3.4, position, {
      mode: 'expression',
      numberOutputs: values.length,
      output: `={{ ${JSON.stringify(values)}.indexOf(${expression}) }}`,
    }),
    notes: `Outputs: ${values.map((value, index) => `${index} ${value}`).join(', ')}`,
    notesInFlow: true,
  };
}

type FieldType = 'string' | 'number' | 'boolean' | 'object';

/** A Set node making a new item of the fields given: each a fixed value or an `={{ … }}` expression. */
export function set(name: string, position: Position, fields: Record<string, [FieldType, unknown]>): N8nNode {
  return node(name, 'set', 3.4, position, {
    mode: 'manual',
    assignments: {
      assignments: Object.entries(fields).map(([field, [type, value]]) => ({
        id: stableId(`${name}:${field}`),
        name: field,
        value,
        type,
      })),
    },
    options: {},
  });
}

/**
 * A Set node making a new item of the fields given, each an expression, evaluated as one: n8n evaluates each
 * expression of a node apart, and that is most of its CPU per request (`set` takes one a field).
 */
export function item(name: string, position: Position, fields: Record<string, string>): N8nNode {
  const code = `{ ${Object.entries(fields)
    .map(([field, expression]) => `${JSON.stringify(field)}: ${expression}`)
    .join(', ')} }`;
  return computed(name, position, code);
}

/** A Set node whose item is the object one expression (`code`) gives. */
export function computed(name: string, position: Position, code: string): N8nNode {
  return node(name, 'set', 3.4, position, { mode: 'raw', jsonOutput: oneExpression(code, name), options: {} });
}

/** `code` as one n8n expression parameter; `what` names it when the code holds "}}", where n8n ends an expression. */
export function oneExpression(code: string, what: string): string {
  if (code.includes('}}')) throw new Error(`${what}: its expression holds "}}"`);
  return `={{ ${code} }}`;
}

/** A Set node that outputs one fixed JSON object: data an admin reads in the editor as it is. */
export function data(name: string, position: Position, value: unknown): N8nNode {
  return node(name, 'set', 3.4, position, { mode: 'raw', jsonOutput: JSON.stringify(value), options: {} });
}

/** One item for each element of the item's array `field`, the element's fields its own; none for an empty array. */
export const splitOut = (name: string, position: Position, field: string) =>
  node(name, 'splitOut', 1, position, { fieldToSplitOut: field, include: 'noOtherFields', options: {} });

/** A Wait node that resumes after a fraction of a second, in memory, holding nothing else. */
export function wait(name: string, position: Position, seconds: number): N8nNode {
  return {
    ...node(name, 'wait', 1.1, position, { amount: seconds, unit: 'seconds' }),
    webhookId: stableUuid(`wait:${name}`),
  };
}

/** Ends the execution as failed, with a message the error workflow passes on. */
export const stopAndError = (name: string, position: Position, message: string) =>
  node(name, 'stopAndError', 1, position, { errorMessage: message });

/** The raw bytes of the Webhook's binary `data`, as UTF-8 text in `raw`, beside the request's JSON. */
export const rawText = (name: string, position: Position) =>
  node(name, 'extractFromFile', 1.1, position, {
    operation: 'text',
    binaryPropertyName: 'data',
    destinationKey: 'raw',
    options: { keepSource: 'json' },
  });

/** The base64 text of the item's `field` as a file in its binary `into`, of the type an expression gives. */
export const base64ToFile = (name: string, position: Position, field: string, into: string, mimeType: string) =>
  node(name, 'convertToFile', 1.1, position, {
    operation: 'toBinary',
    sourceProperty: field,
    binaryPropertyName: into,
    options: { mimeType: `={{ ${mimeType} }}` },
  });

/** HMAC-SHA256 (hex) of `value` with `secret` (both expressions) into `signature`. */
export const hmacSha256 = (name: string, position: Position, value: string, secret: string) =>
  node(name, 'crypto', 1, position, {
    action: 'hmac',
    type: 'SHA256',
    value,
    secret,
    encoding: 'hex',
    dataPropertyName: 'signature',
  });

/** A sticky note on the canvas: what a part of the workflow does, for whoever opens it in n8n. */
export function sticky(name: string, position: Position, size: [number, number], content: string): N8nNode {
  return node(name, 'stickyNote', 1, position, { content, width: size[0], height: size[1] });
}
