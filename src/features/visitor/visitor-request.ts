import { buildEnvelope, type EnvelopeInput } from '../../shared/webhook/envelope.ts';
import { readMessage } from '../../shared/webhook/response.ts';
import type { Envelope } from '../../shared/webhook/types.ts';

/** The two actions a new visitor can send; their forms differ only in texts. */
export type VisitorAction = 'book_consult' | 'schedule_call';

/** What the visitor typed, exactly as typed. */
export interface VisitorFields {
  name: string;
  phone: string;
  preferredTimes: string;
  message: string;
}

export type RequiredField = 'name' | 'phone';

export const EMPTY_FIELDS: VisitorFields = { name: '', phone: '', preferredTimes: '', message: '' };

/**
 * The required fields still empty after trimming, in form order (the spec).
 * The phone number is deliberately not format-checked: the spec shows none here.
 */
export function missingFields(fields: VisitorFields): RequiredField[] {
  const missing: RequiredField[] = [];
  if (fields.name.trim() === '') missing.push('name');
  if (fields.phone.trim() === '') missing.push('phone');
  return missing;
}

/** The one body a visitor request sends; optional texts are trimmed and left out when empty. */
export function toVisitorEnvelope(
  action: VisitorAction,
  fields: VisitorFields,
  { at, requestId, language }: Pick<EnvelopeInput<VisitorAction>, 'at' | 'requestId' | 'language'> = {},
): Envelope<VisitorAction> {
  return buildEnvelope<VisitorAction>({
    action,
    user: { name: fields.name, number: fields.phone },
    payload: {},
    message: fields.message,
    preferredTimes: fields.preferredTimes,
    at,
    requestId,
    language,
  });
}

/** The server's message for the success panel, or the form's default text. */
export function successText(body: unknown, fallback: string): string {
  return readMessage(body) ?? fallback;
}

/** What a stored request held, back in the form's fields: a refused request is put back to be checked. */
export function fieldsOf(envelope: Envelope<VisitorAction>): VisitorFields {
  return {
    name: envelope.user.name,
    phone: envelope.user.number,
    preferredTimes: envelope.preferred_times ?? '',
    message: envelope.message ?? '',
  };
}
