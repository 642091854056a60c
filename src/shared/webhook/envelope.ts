import { toIstIso } from '../format/ist.ts';
import { newRequestId } from './request-id.ts';
import type { Action, Envelope, Language, PayloadByAction, User } from './types.ts';

export interface EnvelopeInput<A extends Action> {
  action: A;
  user: User;
  payload: PayloadByAction[A];
  note?: string | undefined;
  message?: string | undefined;
  preferredTimes?: string | undefined;
  /** The moment of the person's action; defaults to now. */
  at?: Date;
  /** Kept when the same action is sent again; defaults to a new UUID. */
  requestId?: string;
  /** The language the person uses the portal in; left out of the envelope when not given. */
  language?: Language | undefined;
}

function trimmedOrUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Builds the one body every action sends. Optional texts are trimmed and left
 * out when empty; the request id is made once here and must be reused on
 * every retry of the same action.
 */
export function buildEnvelope<A extends Action>(input: EnvelopeInput<A>): Envelope<A> {
  const envelope: Envelope<A> = {
    action: input.action,
    user: { name: input.user.name.trim(), number: input.user.number.trim() },
    payload: input.payload,
    timestamp_ist: toIstIso(input.at ?? new Date()),
    request_id: input.requestId ?? newRequestId(),
  };
  const note = trimmedOrUndefined(input.note);
  const message = trimmedOrUndefined(input.message);
  const preferredTimes = trimmedOrUndefined(input.preferredTimes);
  if (note !== undefined) envelope.note = note;
  if (message !== undefined) envelope.message = message;
  if (preferredTimes !== undefined) envelope.preferred_times = preferredTimes;
  if (input.language !== undefined) envelope.language = input.language;
  return envelope;
}

/**
 * One form of each request as it arrives, for the webhook and the n8n
 * workflow alike: the three actions without payload content may leave it out
 * (stored and compared as {}), and a request_id is one id in any letter case
 * (stored and compared in lower case).
 */
export function normalisedEnvelope<E extends Envelope>(envelope: E): E {
  return { ...envelope, payload: envelope.payload ?? {}, request_id: envelope.request_id.toLowerCase() };
}
