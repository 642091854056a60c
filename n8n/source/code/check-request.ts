/**
 * The "Check request" Code node: what the reference server does to a body
 * before it looks in its store (server/webhook/intake.ts), with the server's
 * own modules, so both backends refuse the same requests with the same words:
 * JSON only, the contract's schema (the generator compiles
 * server/contract/request-schema.ts into `validate`), attachments decoded
 * strictly, the fingerprint a repeat is recognised by, and the rules, whose
 * verdict waits until the request is known to be new.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { DecodedAttachment } from '../../../server/db/request-store.ts';
import { decodeEnvelopeAttachments } from '../../../server/webhook/attachments.ts';
import type { AnyEnvelope } from '../../../server/webhook/contract.ts';
import { fingerprint } from '../../../server/webhook/fingerprint.ts';
import { reasons } from '../../../server/webhook/messages.ts';
import { checkRules } from '../../../server/webhook/rules.ts';
import { reasonFor } from '../../../server/webhook/schema-reasons.ts';
import { phoneKey } from '../../../src/shared/rules/phone.ts';
import { normalisedEnvelope } from '../../../src/shared/webhook/envelope.ts';
import { refuse, type CheckResult, type RequestRecord } from './outcome.ts';

/** A compiled schema as Ajv's standalone code exports it. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** What the Webhook node puts in its item. */
export interface WebhookItem {
  headers: Record<string, string | undefined>;
  body: unknown;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

const isReschedule = (envelope: AnyEnvelope) =>
  envelope.action === 'reschedule_single' || envelope.action === 'reschedule_range';

/** The envelope without file contents: what later nodes carry. */
function withoutContent(envelope: AnyEnvelope): AnyEnvelope {
  if (envelope.action !== 'chat_facilitator') return envelope;
  const attachments = envelope.payload.attachments.map(({ filename, mimetype }) => ({ filename, mimetype }));
  return { ...envelope, payload: { ...envelope.payload, attachments } } as AnyEnvelope;
}

function recordOf(envelope: AnyEnvelope, bodyHash: string, files: readonly DecodedAttachment[]): RequestRecord {
  const payload =
    envelope.action === 'chat_facilitator'
      ? {
          message: envelope.payload.message,
          attachments: files.map(({ filename, mimetype, bytes, sha256 }) => ({
            filename,
            mimetype,
            size: bytes.length,
            sha256,
          })),
        }
      : envelope.payload;
  return {
    request_id: envelope.request_id,
    body_hash: bodyHash,
    action: envelope.action,
    user_name: envelope.user.name,
    user_number: envelope.user.number,
    payload,
    note: envelope.note ?? null,
    message: envelope.message ?? null,
    preferred_times: envelope.preferred_times ?? null,
    language: envelope.language ?? null,
    timestamp_ist: envelope.timestamp_ist,
  };
}

export function checkRequest(item: WebhookItem, validate: Validator, now: Date): CheckResult {
  if (!JSON_TYPE.test(item.headers['content-type'] ?? '')) return refuse(415, reasons.notJson);
  const body = item.body;
  if (!validate(body)) {
    const [error] = validate.errors ?? [];
    return refuse(400, error ? reasonFor(error, body) : reasons.internal);
  }
  const envelope = normalisedEnvelope(body as AnyEnvelope);
  const decoded = decodeEnvelopeAttachments(envelope);
  if (!decoded.ok) return refuse(decoded.status, decoded.reason);
  const bodyHash = fingerprint(envelope, decoded.attachments);
  return {
    envelope: withoutContent(envelope),
    // Dates are checked by the Reschedule answer node: this node is built without date formatting (code-nodes.ts).
    ruleProblem: isReschedule(envelope) ? null : (checkRules(envelope, now) ?? null),
    phoneKey: phoneKey(envelope.user.number) ?? null,
    record: recordOf(envelope, bodyHash, decoded.attachments),
  };
}
