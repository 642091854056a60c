import { phoneKey } from '../../src/shared/rules/phone.ts';
import { normalisedEnvelope } from '../../src/shared/webhook/envelope.ts';
import { CONVERSATION_ACTIONS, type ConversationRequest } from '../../src/shared/webhook/conversation.ts';
import { PUSH_ACTIONS, type PushRequest } from '../../src/shared/webhook/push.ts';
import { REQUESTS_ACTIONS, type RequestsAction, type RequestsRequests } from '../../src/shared/webhook/requests.ts';
import { ANNOUNCEMENTS_ACTIONS } from '../../src/shared/webhook/announcements.ts';
import type { AnnouncementsRequest } from '../../src/shared/webhook/announcements.ts';
import type { Envelope } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { RequestStore } from '../db/request-store.ts';
import type { Outcome, RequestContext } from '../http/outcome.ts';
import type { Move, ScheduleChanges, WeeklySession } from '../../src/shared/schedule/week.ts';
import type { Roster } from '../roster/roster-store.ts';
import { decodeEnvelopeAttachments } from './attachments.ts';
import { checkAgainstSchema, type AnyEnvelope, type AnyRequest } from './contract.ts';
import { fingerprint } from './fingerprint.ts';
import { dispatch } from './handlers.ts';
import { checkRules, nameRefusal } from './rules.ts';
import { reasonFor } from './schema-reasons.ts';

export interface IntakeDeps {
  store: RequestStore;
  roster: Roster;
  clock: () => Date;
  conversation: (request: ConversationRequest, context: RequestContext) => Promise<Outcome>;
  /** The push actions (server/push/actions.ts), with the bearer token as the conversation's. */
  push: (request: PushRequest, context: RequestContext) => Outcome;
  /**
   * REQUIRE_CODE_AT_SIGN_IN: know_schedule (the portal's sign-in) answers
   * only with a bearer token given to the same number. Undefined: the spec's
   * sign-in, unchanged.
   */
  signInGuard:
    | ((envelope: Envelope<'know_schedule'>, authorization: string | undefined) => Outcome | undefined)
    | undefined;
  /** Whether the Authorization header is a live bearer token given to this number (the conversation's). */
  verifiedDevice: (authorization: string | undefined, numberKey: string) => boolean;
  /** list_requests and accept_offer (server/requests/actions.ts); without it they are refused as unknown. */
  requestActions?: (request: RequestsRequest) => Promise<Outcome>;
  /** The confirmed moves of a number's sessions, which know_schedule applies. */
  movesOf?: (numberKey: string, sessions: readonly WeeklySession[]) => Move[];
  /** list_announcements and mark_announcement_seen (server/announcements/actions.ts); without it, unknown. */
  announcementActions?: (request: AnnouncementsRequest) => Promise<Outcome>;
  /** The programme's session changes, which know_schedule applies (save to the requests' moves) and tells of. */
  scheduleChanges?: (numberKey: string, now: Date, requestMoves: readonly Move[]) => ScheduleChanges;
}

const refuse = (status: number, text: string): Outcome => ({ status, text });

function storedPayload(envelope: AnyEnvelope): unknown {
  return envelope.action === 'chat_facilitator' ? { message: envelope.payload.message } : envelope.payload;
}

/**
 * What happens to one parsed webhook body, in order: the contract, the
 * attachments, idempotency by request_id (a repeat gets the first answer, a
 * reuse with another body a 409), the rules, the action's handler, storage.
 * Nothing is awaited between the look-up and handing the request to the
 * store, so two copies arriving together cannot both be stored; the answer
 * waits until the request is on disk.
 */
type RequestsRequest = RequestsRequests[RequestsAction];

const isConversation = (request: AnyRequest): request is ConversationRequest =>
  (CONVERSATION_ACTIONS as readonly string[]).includes(request.action satisfies string);
const isPush = (request: AnyRequest): request is PushRequest =>
  (PUSH_ACTIONS as readonly string[]).includes(request.action satisfies string);

const isRequestsAction = (request: AnyEnvelope | RequestsRequest): request is RequestsRequest =>
  (REQUESTS_ACTIONS as readonly string[]).includes(request.action satisfies string);

const isAnnouncementsAction = (request: AnyRequest): request is AnnouncementsRequest =>
  (ANNOUNCEMENTS_ACTIONS as readonly string[]).includes(request.action satisfies string);

export function createIntake({
  store,
  roster,
  clock,
  conversation,
  push,
  signInGuard,
  verifiedDevice,
  requestActions,
  movesOf,
  announcementActions,
  scheduleChanges,
}: IntakeDeps): (body: unknown, context: RequestContext) => Promise<Outcome> {
  return async (body, context) => {
    const schema = checkAgainstSchema(body);
    if (!schema.ok) return refuse(400, reasonFor(schema.error, body));
    if (isPush(schema.envelope)) return push(schema.envelope, context);
    const badName = nameRefusal(schema.envelope);
    if (badName) return refuse(400, badName);
    if (isConversation(schema.envelope)) return conversation(schema.envelope, context);
    if (isAnnouncementsAction(schema.envelope)) {
      const language = schema.envelope.language ?? 'en';
      return announcementActions
        ? announcementActions(schema.envelope)
        : refuse(400, answerText(language, 'unknownAction', { action: schema.envelope.action }));
    }
    if (isRequestsAction(schema.envelope)) {
      const language = schema.envelope.language ?? 'en';
      return requestActions
        ? requestActions(schema.envelope)
        : refuse(400, answerText(language, 'unknownAction', { action: schema.envelope.action }));
    }
    const envelope = normalisedEnvelope(schema.envelope);
    // Before the replay look-up: a stored sign-in is not answered again to someone without the token.
    const guarded = envelope.action === 'know_schedule' ? signInGuard?.(envelope, context.authorization) : undefined;
    if (guarded) return guarded;

    const decoded = decodeEnvelopeAttachments(envelope);
    if (!decoded.ok) return refuse(decoded.status, decoded.reason);

    const bodyHash = fingerprint(envelope, decoded.attachments);
    const previous = store.find(envelope.request_id);
    if (previous) {
      if (previous.bodyHash !== bodyHash) return refuse(409, answerText(envelope.language ?? 'en', 'reusedRequestId'));
      await previous.stored;
      return { status: previous.answer.status, json: previous.answer.body, replayed: true };
    }

    const now = clock();
    const problem = checkRules(envelope, now);
    if (problem) return refuse(400, problem);

    const answer = dispatch(envelope, { roster, attachments: decoded.attachments, now, movesOf, scheduleChanges });
    if (answer.kind === 'refused') return refuse(answer.status, answer.text);

    const json = JSON.stringify(answer.body);
    await store.save({
      requestId: envelope.request_id,
      bodyHash,
      action: envelope.action,
      userName: envelope.user.name,
      userNumber: envelope.user.number,
      payload: storedPayload(envelope),
      note: envelope.note,
      message: envelope.message,
      preferredTimes: envelope.preferred_times,
      language: envelope.language,
      timestampIst: envelope.timestamp_ist,
      receivedAt: now,
      attachments: decoded.attachments,
      threadText: envelope.action === 'chat_facilitator' ? envelope.payload.message : undefined,
      verifiedDevice:
        envelope.action === 'chat_facilitator' &&
        verifiedDevice(context.authorization, phoneKey(envelope.user.number) ?? envelope.user.number),
      answer: { status: 200, body: json },
    });
    return { status: 200, json, replayed: false };
  };
}
