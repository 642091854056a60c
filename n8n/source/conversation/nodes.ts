/**
 * n8n node JSON for the conversation and housekeeping workflows, at the type
 * versions of the n8n they were proven against (n8n/README.md). A failing
 * Postgres or HTTP step fails the execution (no error output), so n8n
 * records it and the error workflow (ThriveErrors) tells the staff channel;
 * the one exception is the code gateway, whose failure is an answer (502).
 */
import { CREDENTIALS } from '../workflow/ids.ts';
import { node, respondWithText, stableId, stableUuid, type N8nNode, type Position } from '../workflow/nodes.ts';

// The builders the portal workflow has already, shared rather than written again.
export { ifTrue, sticky, switchOn } from '../workflow/nodes.ts';

/**
 * The start of a sub-workflow, with the inputs the calling Execute Workflow node maps, by name and type; with
 * none, whatever the caller (or `n8n execute`) sends.
 */
export const calledBy = (name: string, position: Position, inputs: Record<string, 'object' | 'string'> = {}) =>
  node(
    name,
    'executeWorkflowTrigger',
    1.1,
    position,
    Object.keys(inputs).length === 0
      ? { inputSource: 'passthrough' }
      : {
          inputSource: 'workflowInputs',
          workflowInputs: { values: Object.entries(inputs).map(([input, type]) => ({ name: input, type })) },
        },
  );

export const errorTrigger = (name: string, position: Position) => node(name, 'errorTrigger', 1, position, {});

/** Once a day at `hour`:17 server time (off the hour, when many schedules run). */
export const daily = (name: string, position: Position, hour: number) =>
  node(name, 'scheduleTrigger', 1.2, position, {
    rule: { interval: [{ field: 'cronExpression', expression: `17 ${hour} * * *` }] },
  });

export function webhook(name: string, position: Position, path: string, options: object = {}): N8nNode {
  return {
    ...node(name, 'webhook', 2.1, position, { httpMethod: 'POST', path, responseMode: 'responseNode', options }),
    webhookId: stableUuid(`webhook:${name}`),
  };
}

/** A Postgres query; `parameters` is n8n's comma-separated list of expressions for $1, $2, … */
export function postgres(name: string, position: Position, query: string, parameters?: string): N8nNode {
  return {
    ...node(name, 'postgres', 2.6, position, {
      operation: 'executeQuery',
      query,
      options: parameters ? { queryReplacement: parameters } : {},
    }),
    credentials: CREDENTIALS.postgres,
  };
}

export function code(name: string, position: Position, jsCode: string): N8nNode {
  return node(name, 'code', 2, position, { mode: 'runOnceForEachItem', jsCode });
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

export interface HttpPost {
  url: string;
  /** An expression giving the JSON body. */
  json: string;
  headers?: Record<string, string>;
  /** A failure is output 1 instead of the execution's end. */
  failureOutput?: boolean;
}

export function httpPost(name: string, position: Position, request: HttpPost): N8nNode {
  const { url, json, headers = {}, failureOutput } = request;
  return {
    ...node(name, 'httpRequest', 4.2, position, {
      method: 'POST',
      url,
      ...(Object.keys(headers).length > 0 && {
        sendHeaders: true,
        headerParameters: { parameters: Object.entries(headers).map(([key, value]) => ({ name: key, value })) },
      }),
      sendBody: true,
      contentType: 'json',
      specifyBody: 'json',
      jsonBody: json,
      options: { timeout: 10_000 },
    }),
    ...(failureOutput && { onError: 'continueErrorOutput' as const }),
  };
}

/** The raw bytes of the Webhook's binary `data`, as UTF-8 text in `raw`, beside the request's JSON. */
export const rawText = (name: string, position: Position) =>
  node(name, 'extractFromFile', 1.1, position, {
    operation: 'text',
    binaryPropertyName: 'data',
    destinationKey: 'raw',
    options: { keepSource: 'json' },
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

export interface Reply {
  status: number | string;
  body: string;
  headers?: Record<string, string>;
}

/** Respond to Webhook with a plain-text or JSON text body. */
export const respond = (name: string, position: Position, reply: Reply, contentType = 'text/plain; charset=utf-8') =>
  respondWithText(name, position, reply.status, reply.body, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    ...reply.headers,
  });

/** Ends the execution as failed, with a message the error workflow passes on. */
export const stopAndError = (name: string, position: Position, message: string) =>
  node(name, 'stopAndError', 1, position, { errorMessage: message });
