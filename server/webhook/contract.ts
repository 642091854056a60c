import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ConversationAction, ConversationRequest } from '../../src/shared/webhook/conversation.ts';
import type { PushAction, PushRequest } from '../../src/shared/webhook/push.ts';
import type { RequestsAction, RequestsRequests } from '../../src/shared/webhook/requests.ts';
import type { AnnouncementsAction, AnnouncementsRequests } from '../../src/shared/webhook/announcements.ts';
import type { Action, Envelope } from '../../src/shared/webhook/types.ts';
import { requestSchema } from '../contract/request-schema.ts';
import { REPO_ROOT } from '../repo-root.ts';

/**
 * The webhook contract is the JSON Schemas in server/contract: the request
 * schema built from the portal's rules (request-schema.ts, written out as
 * request.schema.json) and the answer schema. The server validates every
 * request against them, tests check the portal's envelopes and the server's
 * answers against them, and docs/webhook-contract.md explains them.
 */
export const answerSchema = JSON.parse(
  readFileSync(resolve(REPO_ROOT, 'server/contract/answer.schema.json'), 'utf8'),
) as Record<string, unknown>;

/** One envelope per action, discriminated by `action`. */
export type AnyEnvelope = { [A in Action]: Envelope<A> }[Action];

function createAjv(): Ajv2020 {
  // allErrors off: the first problem is the one reported, and validation stops there.
  const ajv = new Ajv2020({ discriminator: true, strict: true, allErrors: false });
  addFormats(ajv, ['date', 'date-time', 'uuid']);
  return ajv;
}

const ajv = createAjv();
ajv.addSchema(answerSchema);
/** Every body the webhook takes: the spec's six, the conversation's, the push actions, the request outcomes'. */
export type AnyRequest =
  | AnyEnvelope
  | ConversationRequest
  | PushRequest
  | RequestsRequests[RequestsAction]
  | AnnouncementsRequests[AnnouncementsAction];

const validateRequest: ValidateFunction<AnyRequest> = ajv.compile<AnyRequest>(requestSchema);

export type SchemaCheck = { ok: true; envelope: AnyRequest } | { ok: false; error: ErrorObject; body: unknown };

export function checkAgainstSchema(body: unknown): SchemaCheck {
  if (validateRequest(body)) return { ok: true, envelope: body };
  const [error] = validateRequest.errors ?? [];
  if (!error) throw new Error('Schema validation failed without an error');
  return { ok: false, error, body };
}

/** Validates an answer body against the answer schema of its action (used by tests and the contract check). */
export function answerValidator(
  action: Action | ConversationAction | PushAction | RequestsAction | AnnouncementsAction,
): ValidateFunction {
  const validate = ajv.getSchema(`urn:thrive-portal:webhook:answer#/$defs/${action}`);
  if (!validate) throw new Error(`No answer schema for ${action}`);
  return validate;
}
