/**
 * n8n node JSON for what starts a workflow, answers it, or reaches another system: webhooks and their answers,
 * the triggers, other workflows, Postgres and HTTP. A step that reaches another system either fails the
 * execution (n8n records it and the error workflow, ThriveErrors, tells the staff channel) or, given
 * `failureOutput`, sends its failure to output 1, for a workflow that answers it (the portal's 500, the code
 * gateway's 502).
 */
import { CREDENTIALS, ENV, SLACK_API_DEFAULT } from './ids.ts';
import { env, node, oneExpression, stableUuid, type N8nNode, type Position } from './nodes.ts';

const FAILURE_OUTPUT = { onError: 'continueErrorOutput' } as const;

/** A webhook answered by Respond to Webhook nodes: POST unless other methods are given. */
export function webhook(
  name: string,
  position: Position,
  path: string,
  { methods = 'POST', options = {} }: { methods?: string | string[]; options?: object } = {},
): N8nNode {
  const parameters = Array.isArray(methods)
    ? { multipleMethods: true, httpMethod: methods, path, responseMode: 'responseNode', options }
    : { httpMethod: methods, path, responseMode: 'responseNode', options };
  return { ...node(name, 'webhook', 2.1, position, parameters), webhookId: stableUuid(`webhook:${name}`) };
}

export interface Reply {
  status: number | string;
  /** The answer's text: JSON answers are sent as their text, byte for byte. */
  body: string;
  /** 'text' or 'json' (plain text or JSON in UTF-8), or an expression that gives one. Text unless said. */
  contentType?: string;
  headers?: Record<string, string>;
}

const CONTENT_TYPES = { json: 'application/json; charset=utf-8', text: 'text/plain; charset=utf-8' };

/** Respond to Webhook with a text body, its status, its type, no caching, and the headers given. */
export function respond(name: string, position: Position, reply: Reply): N8nNode {
  const type = reply.contentType ?? 'text';
  const contentType =
    type in CONTENT_TYPES
      ? CONTENT_TYPES[type as keyof typeof CONTENT_TYPES]
      : `={{ ${type} === 'json' ? '${CONTENT_TYPES.json}' : '${CONTENT_TYPES.text}' }}`;
  const headers = { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...reply.headers };
  return node(name, 'respondToWebhook', 1.5, position, {
    respondWith: 'text',
    responseBody: reply.body,
    options: {
      responseCode: reply.status,
      responseHeaders: { entries: Object.entries(headers).map(([key, value]) => ({ name: key, value })) },
    },
  });
}

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

/** Every minute, on the minute. */
export const everyMinute = (name: string, position: Position) =>
  node(name, 'scheduleTrigger', 1.2, position, { rule: { interval: [{ field: 'minutes', minutesInterval: 1 }] } });

/**
 * Execute Workflow without waiting: another workflow of this n8n is started, the item passed as it is, and this one
 * goes on at once. If it cannot be started, this one goes on all the same (its item is then only the error).
 */
export const startWorkflow = (name: string, position: Position, workflowId: string): N8nNode => ({
  ...node(name, 'executeWorkflow', 1.2, position, {
    workflowId: { __rl: true, mode: 'id', value: workflowId },
    options: { waitForSubWorkflow: false },
  }),
  onError: 'continueRegularOutput',
});

/**
 * Execute Workflow: another workflow of this n8n by id; it answers with its last item, and its failure is
 * output 1. Given named inputs, it is sent those; without, it is sent the item as it is (its trigger takes all).
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
    ...FAILURE_OUTPUT,
  };
}

/** A Postgres query; `parameters` is n8n's comma-separated list of expressions for $1, $2, … */
export function postgres(
  name: string,
  position: Position,
  query: string,
  parameters?: string,
  { failureOutput = false } = {},
): N8nNode {
  return {
    ...node(name, 'postgres', 2.6, position, {
      operation: 'executeQuery',
      query,
      options: parameters ? { queryReplacement: parameters } : {},
    }),
    credentials: CREDENTIALS.postgres,
    ...(failureOutput && FAILURE_OUTPUT),
  };
}

export interface HttpPost {
  url: string;
  /** An expression giving the JSON body. */
  json: string;
  headers?: Record<string, string>;
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
    ...(failureOutput && FAILURE_OUTPUT),
  };
}

const SLACK_API = env(ENV.slackApiUrl, SLACK_API_DEFAULT);

/**
 * A Slack Web API method through an HTTP Request node with the Slack credential ("Thrive Slack bot": its token
 * goes in the Authorization header), at THRIVE_SLACK_API_URL (Slack's own by default), with a form body, as
 * every Web API method takes one, its failure on output 1. Slack answers 200 with `ok: false` for its
 * refusals: an If node reads `ok`. The form is one expression, whatever its fields (each a fixed text or an
 * `={{ … }}` expression): n8n evaluates each expression of a node apart, and that is most of its CPU per request.
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
      specifyBody: 'string',
      body: oneExpression(formOf(fields), `${name}'s form`),
      options: { timeout: 15000 },
    }),
    credentials: CREDENTIALS.slack,
    ...FAILURE_OUTPUT,
  };
}

/** An expression: `fields` as a URL-encoded form (a field whose value is undefined or null is sent empty). */
function formOf(fields: Record<string, string>): string {
  const value = (text: string) =>
    text.startsWith('={{ ') && text.endsWith(' }}') ? text.slice(4, -3) : JSON.stringify(text);
  const entries = Object.entries(fields).map(([field, text]) => `[${JSON.stringify(field)}, ${value(text)}]`);
  return `[${entries.join(', ')}].map(([field, value]) => field + '=' + encodeURIComponent(value ?? '')).join('&')`;
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
    ...FAILURE_OUTPUT,
  };
}
