/**
 * What the workflow's Code nodes hand each other, as n8n item JSON. The
 * "Check request" node reads the webhook body into a CheckedRequest (or a
 * refusal); each action's answer node turns that into an Outcome, which the
 * workflow stores with the request (an answer) or sends and forgets (a refusal).
 */
import type { AnyEnvelope } from '../../../server/webhook/contract.ts';
import type { Answer } from '../../../server/webhook/handlers.ts';
import type { Action } from '../../../src/shared/webhook/types.ts';

/** A plain-text answer other than 200; nothing is stored for it. */
export interface Refusal {
  status: number;
  text: string;
}

/**
 * The row thrive.claim_request() inserts (n8n/schema.sql): the columns server/db/requests-table.ts marks
 * `from: 'request'`, named as in the reference server.
 */
export interface RequestRecord {
  request_id: string;
  body_hash: string;
  action: Action;
  user_name: string;
  user_number: string;
  payload: unknown;
  note: string | null;
  message: string | null;
  preferred_times: string | null;
  language: string | null;
  timestamp_ist: string;
}

export interface CheckedRequest {
  /** The request as it came, attachments without their content (the answer nodes need their number only). */
  envelope: AnyEnvelope;
  /** The reason the request breaks the portal's rules, answered (400) only once it is known not to be a repeat. */
  ruleProblem: string | null;
  /** The number as the roster keys it (+91 added to a 10-digit Indian number). */
  phoneKey: string | null;
  record: RequestRecord;
}

export type CheckResult = { refusal: Refusal } | CheckedRequest;

/** The 200 answer's JSON text: stored with the request and sent again, byte for byte, to a repeat. */
export interface Accepted {
  status: 200;
  body: string;
}

export type Outcome = { answer: Accepted } | { refusal: Refusal };

export const refuse = (status: number, text: string): { refusal: Refusal } => ({ refusal: { status, text } });

/** A reference handler's verdict as the workflow carries it. */
export function outcomeOf(answer: Answer): Outcome {
  if (answer.kind === 'refused') return refuse(answer.status, answer.text);
  return { answer: { status: 200, body: JSON.stringify(answer.body) } };
}

/** Answers 400 to a request that broke a rule, before its action's handler runs, as server/webhook/intake.ts does. */
export function ruleRefusal(check: CheckedRequest): Outcome | undefined {
  return check.ruleProblem === null ? undefined : refuse(400, check.ruleProblem);
}
