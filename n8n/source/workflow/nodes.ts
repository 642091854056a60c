/**
 * n8n node JSON, one factory per node type the workflow uses, at the type
 * versions of the n8n it was proven against (2.40.7; see n8n/README.md).
 * Node ids are derived from node names, so generating again changes nothing
 * that did not change.
 */
import { createHash } from 'node:crypto';
import { CREDENTIALS } from './ids.ts';

export interface N8nNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  webhookId?: string;
  credentials?: Record<string, { id: string; name: string }>;
  onError?: 'continueErrorOutput';
  notes?: string;
  notesInFlow?: boolean;
}

export type Position = [number, number];

/** A stable UUID-shaped id for a name. */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function node(name: string, type: string, typeVersion: number, position: Position, parameters: object): N8nNode {
  return {
    id: stableId(name),
    name,
    type: `n8n-nodes-base.${type}`,
    typeVersion,
    position,
    parameters: { ...parameters },
  };
}

export function webhook(name: string, position: Position, path: string, methods: string | string[]): N8nNode {
  const parameters = Array.isArray(methods)
    ? { multipleMethods: true, httpMethod: methods, path, responseMode: 'responseNode', options: {} }
    : { httpMethod: methods, path, responseMode: 'responseNode', options: {} };
  return { ...node(name, 'webhook', 2.1, position, parameters), webhookId: stableId(`webhook:${name}`) };
}

export function code(name: string, position: Position, jsCode: string, perItem = true): N8nNode {
  return node(name, 'code', 2, position, { mode: perItem ? 'runOnceForEachItem' : 'runOnceForAllItems', jsCode });
}

export function postgres(name: string, position: Position, query: string, parameters: string): N8nNode {
  return {
    ...node(name, 'postgres', 2.6, position, {
      operation: 'executeQuery',
      query,
      options: { queryReplacement: parameters },
    }),
    credentials: CREDENTIALS.postgres,
    onError: 'continueErrorOutput',
  };
}

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
 * given (named in the node's note). Expression mode, not rules: n8n evaluates
 * every rule of a rules-mode Switch on every run, one expression each, and
 * expressions are most of n8n's own CPU per request here.
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

export interface ResponseSpec {
  status: number | string;
  body: string;
  contentType: 'text' | 'json';
  headers?: Record<string, string>;
}

/** Respond to Webhook with a text body (JSON answers are sent as their stored text, byte for byte). */
export function respond(name: string, position: Position, response: ResponseSpec): N8nNode {
  const headers = {
    'Content-Type': response.contentType === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...response.headers,
  };
  return node(name, 'respondToWebhook', 1.5, position, {
    respondWith: 'text',
    responseBody: response.body,
    options: {
      responseCode: response.status,
      responseHeaders: { entries: Object.entries(headers).map(([key, value]) => ({ name: key, value })) },
    },
  });
}

/** An HTTP request: a JSON body from an expression, or the item's binary `file` as the raw body. */
export function httpPost(
  name: string,
  position: Position,
  url: string,
  body: { json: string } | { binary: string },
  headers: Record<string, string> = {},
): N8nNode {
  const bodyParameters =
    'json' in body
      ? { contentType: 'json', specifyBody: 'json', jsonBody: body.json }
      : { contentType: 'binaryData', inputDataFieldName: body.binary };
  return {
    ...node(name, 'httpRequest', 4.2, position, {
      method: 'POST',
      url,
      ...(Object.keys(headers).length > 0 && {
        sendHeaders: true,
        headerParameters: { parameters: Object.entries(headers).map(([key, value]) => ({ name: key, value })) },
      }),
      sendBody: true,
      ...bodyParameters,
      options: { timeout: 15000 },
    }),
    onError: 'continueErrorOutput',
  };
}

export function sticky(name: string, position: Position, size: [number, number], content: string): N8nNode {
  return node(name, 'stickyNote', 1, position, { content, width: size[0], height: size[1] });
}

export function slack(name: string, position: Position, parameters: object): N8nNode {
  return {
    ...node(name, 'slack', 2.3, position, { authentication: 'accessToken', ...parameters }),
    credentials: CREDENTIALS.slack,
    onError: 'continueErrorOutput',
  };
}
