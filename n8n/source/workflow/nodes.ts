/**
 * n8n node JSON, one factory per node type the workflow uses, at the type
 * versions of the n8n it was proven against (2.40.7; see n8n/README.md).
 * Node ids are derived from node names, so generating again changes nothing
 * that did not change.
 */
import { createHash } from 'node:crypto';
import { SECURITY_HEADERS } from '../../../server/http/security-headers.ts';
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

export function webhook(name: string, position: Position, path: string, methods: string | string[]): N8nNode {
  const parameters = Array.isArray(methods)
    ? { multipleMethods: true, httpMethod: methods, path, responseMode: 'responseNode', options: {} }
    : { httpMethod: methods, path, responseMode: 'responseNode', options: {} };
  return { ...node(name, 'webhook', 2.1, position, parameters), webhookId: stableUuid(`webhook:${name}`) };
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

/**
 * An environment variable in an expression, or `fallback` when it is unset or n8n hides the environment from
 * expressions (N8N_BLOCK_ENV_ACCESS_IN_NODE, true by default).
 */
export const env = (name: string, fallback: string) =>
  `((() => { try { return $env.${name} } catch (error) { return undefined } })() || ${JSON.stringify(fallback)})`;

/**
 * CORS from THRIVE_ALLOWED_ORIGINS (comma-separated): a listed origin is allowed, any other is answered with the
 * first listed, which its browser refuses; unset, every origin is (n8n's own default for webhooks).
 */
const ALLOWED_ORIGIN = `={{ (() => {
  const origin = $('Webhook').first().json.headers.origin;
  const allowed = ${env('THRIVE_ALLOWED_ORIGINS', '')}.split(',').map((entry) => entry.trim()).filter(Boolean);
  return allowed.length === 0 || allowed.includes(origin) ? (origin ?? '*') : allowed[0];
})() }}`;

export interface ResponseSpec {
  status: number | string;
  body: string;
  /** 'text' or 'json', or an expression that gives one. */
  contentType: string;
  headers?: Record<string, string>;
  /** Answers to the portal's POST carry its CORS answer; the 405 of the other methods does not. */
  cors?: boolean;
}

const CONTENT_TYPES = { json: 'application/json; charset=utf-8', text: 'text/plain; charset=utf-8' };

/**
 * Respond to Webhook with a text body (JSON answers are sent as their stored text, byte for byte) and the
 * reference server's security headers. n8n puts its own sandbox Content-Security-Policy on every webhook answer
 * and drops any other; Strict-Transport-Security is the HTTPS proxy's (n8n drops it too).
 */
export function respond(name: string, position: Position, response: ResponseSpec): N8nNode {
  const contentType =
    response.contentType in CONTENT_TYPES
      ? CONTENT_TYPES[response.contentType as keyof typeof CONTENT_TYPES]
      : `={{ ${response.contentType} === 'json' ? '${CONTENT_TYPES.json}' : '${CONTENT_TYPES.text}' }}`;
  return respondWithText(name, position, response.status, response.body, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
    ...(response.cors !== false && { 'Access-Control-Allow-Origin': ALLOWED_ORIGIN, Vary: 'Origin' }),
    ...response.headers,
  });
}

/** Respond to Webhook with a text body, its status and exactly these headers: every workflow's answers. */
export function respondWithText(
  name: string,
  position: Position,
  status: number | string,
  body: string,
  headers: Record<string, string>,
): N8nNode {
  return node(name, 'respondToWebhook', 1.5, position, {
    respondWith: 'text',
    responseBody: body,
    options: {
      responseCode: status,
      responseHeaders: { entries: Object.entries(headers).map(([key, value]) => ({ name: key, value })) },
    },
  });
}

/** A Set node that outputs one fixed JSON object: data an admin reads in the editor as it is. */
export function data(name: string, position: Position, value: unknown, pretty = false): N8nNode {
  return node(name, 'set', 3.4, position, {
    mode: 'raw',
    jsonOutput: JSON.stringify(value, null, pretty ? 2 : undefined),
    options: {},
  });
}

/** A Wait node that resumes after a fraction of a second, in memory, holding nothing else. */
export function wait(name: string, position: Position, seconds: number): N8nNode {
  return {
    ...node(name, 'wait', 1.1, position, { amount: seconds, unit: 'seconds' }),
    webhookId: stableUuid(`wait:${name}`),
  };
}

const SLACK_API = env('THRIVE_SLACK_API_URL', 'https://slack.com/api');

/**
 * A Slack Web API method through an HTTP Request node with the Slack credential ("Thrive Slack bot": its token
 * goes in the Authorization header), at THRIVE_SLACK_API_URL (Slack's own by default), with a form body, as
 * every Web API method takes one. Slack answers 200 with `ok: false` for its refusals: an If node reads `ok`.
 */
export function slackApi(name: string, position: Position, method: string, fields: Record<string, string>): N8nNode {
  return {
    ...node(name, 'httpRequest', 4.2, position, {
      method: 'POST',
      url: `={{ ${SLACK_API} }}/${method}`,
      authentication: 'predefinedCredentialType',
      nodeCredentialType: 'slackApi',
      sendBody: true,
      contentType: 'form-urlencoded',
      bodyParameters: { parameters: Object.entries(fields).map(([key, value]) => ({ name: key, value })) },
      options: { timeout: 15000 },
    }),
    credentials: CREDENTIALS.slack,
    onError: 'continueErrorOutput',
  };
}

/** The raw bytes of the item's binary `file`, POSTed to the address Slack gave for them (it needs no token). */
export function uploadBytes(name: string, position: Position, url: string): N8nNode {
  return {
    ...node(name, 'httpRequest', 4.2, position, {
      method: 'POST',
      url,
      sendBody: true,
      contentType: 'binaryData',
      inputDataFieldName: 'file',
      options: { timeout: 60000, response: { response: { responseFormat: 'text' } } },
    }),
    onError: 'continueErrorOutput',
  };
}

/**
 * Execute Workflow: another workflow of this n8n by id; it answers with its last item. Given named inputs, it is
 * sent those; without, it is sent the item as it is (its trigger takes all data).
 */
export function callWorkflow(
  name: string,
  position: Position,
  workflowId: string,
  inputs?: Record<string, { type: 'object' | 'string'; value: string }>,
): N8nNode {
  const workflowInputs = inputs && {
    mappingMode: 'defineBelow',
    value: Object.fromEntries(Object.entries(inputs).map(([id, { value }]) => [id, value])),
    matchingColumns: [],
    schema: Object.entries(inputs).map(([id, { type }]) => ({
      id,
      displayName: id,
      required: false,
      defaultMatch: false,
      display: true,
      canBeUsedToMatch: true,
      type,
    })),
    attemptToConvertTypes: false,
    convertFieldsToString: false,
  };
  return {
    ...node(name, 'executeWorkflow', 1.2, position, {
      workflowId: { __rl: true, mode: 'id', value: workflowId },
      ...(workflowInputs && { workflowInputs }),
      options: { waitForSubWorkflow: true },
    }),
    onError: 'continueErrorOutput',
  };
}

export function sticky(name: string, position: Position, size: [number, number], content: string): N8nNode {
  return node(name, 'stickyNote', 1, position, { content, width: size[0], height: size[1] });
}
