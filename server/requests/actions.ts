/**
 * The request-outcome actions of the webhook: list_requests (a parent's
 * reschedule requests with what became of them; nothing stored) and
 * accept_offer (stored like the spec's six: a repeat of its request_id is a
 * replay, a reuse with another body a 409). A request that is not this
 * parent's is answered as one that does not exist (404), so a stranger
 * learns nothing; an offer changed or withdrawn since is a 409.
 */
import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import { isValidPhone, nameKey, phoneKey } from '../../src/shared/rules/phone.ts';
import { hasAllRequired } from '../../src/shared/rules/required.ts';
import type { RequestsAnswers, RequestsRequests } from '../../src/shared/webhook/requests.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { RequestStore } from '../db/request-store.ts';
import type { Outcome } from '../http/outcome.ts';
import type { Roster } from '../roster/roster-store.ts';
import { fingerprint } from '../webhook/fingerprint.ts';
import { asParentRequest, parentRequestsOf } from './parent-requests.ts';
import type { AnswerStore } from './store.ts';

export interface RequestActionsDeps {
  answers: AnswerStore;
  requests: RequestStore;
  roster: Roster;
  clock: () => Date;
  /**
   * The parent saw these requests' outcomes: list_requests showed them, or they accepted the offer. In the
   * acceptance's own transaction. No text goes for them (server/push/text-store.ts).
   */
  onSeen?: (numberKey: string, requestIds: readonly string[], now: Date) => void;
}

export type RequestsRequest = RequestsRequests[keyof RequestsRequests];

const refuse = (status: number, text: string): Outcome => ({ status, text });

/** A session's new time as a parent reads it: "2 Dec 2026, 4:00 PM" ("2 दिसंबर 2026, शाम 4:00"). */
export const whenText = (startsAt: string, language: Language) => formatIstDateTime(new Date(startsAt), language);

export function createRequestActions({ answers, requests, roster, clock, onSeen }: RequestActionsDeps) {
  const listRequests = (request: RequestsRequests['list_requests']): Outcome => {
    const parent = roster.find(request.user);
    const numberKey = phoneKey(request.user.number);
    if (!parent || !numberKey) return refuse(404, answerText(request.language ?? 'en', 'notOnRoster'));
    const body: RequestsAnswers['list_requests'] = { requests: parentRequestsOf(answers, numberKey, parent.sessions) };
    const answered = body.requests.filter((shown) => shown.status !== 'waiting').map((shown) => shown.request_id);
    if (answered.length > 0) onSeen?.(numberKey, answered, clock());
    return { status: 200, json: JSON.stringify(body), replayed: false };
  };

  const acceptOffer = async (raw: RequestsRequests['accept_offer']): Promise<Outcome> => {
    const request = {
      ...raw,
      request_id: raw.request_id.toLowerCase(),
      payload: { ...raw.payload, request_id: raw.payload.request_id.toLowerCase() },
    };
    const language = request.language ?? 'en';
    const bodyHash = fingerprint(request, []);
    const previous = requests.find(request.request_id);
    if (previous) {
      if (previous.bodyHash !== bodyHash) return refuse(409, answerText(language, 'reusedRequestId'));
      await previous.stored;
      return { status: previous.answer.status, json: previous.answer.body, replayed: true };
    }

    const numberKey = phoneKey(request.user.number);
    const target = answers.request(request.payload.request_id);
    const parent = roster.find(request.user);
    const theirs =
      target &&
      numberKey === target.number_key &&
      nameKey(target.user_name) === nameKey(request.user.name) &&
      (target.action === 'reschedule_single' || target.action === 'reschedule_range');
    if (!target || !theirs || !numberKey) return refuse(404, answerText(language, 'requestNotFound'));
    const latest = answers.answers(target.request_id).at(-1);
    if (latest?.kind !== 'offered' || latest.offer_id !== request.payload.offer_id || !latest.starts_at) {
      return refuse(409, answerText(language, 'offerNotOpen'));
    }

    const now = clock();
    const startsAt = latest.starts_at;
    const sessions = parent?.sessions ?? [];
    const accepted = { kind: 'accepted' as const, startsAt, offerId: undefined, by: request.user.name, at: now };
    const event = {
      numberKey,
      text: answerText(target.language ?? language, 'eventAccepted', {
        when: whenText(startsAt, target.language ?? language),
      }),
    };
    const shown = asParentRequest(
      {
        ...answers,
        answers: (id) => [
          ...answers.answers(id),
          {
            kind: 'accepted',
            starts_at: startsAt,
            offer_id: null,
            reason: null,
            answered_by: accepted.by,
            answered_at: now.toISOString(),
          },
        ],
      },
      target,
      sessions,
    );
    if (!shown) return refuse(404, answerText(language, 'requestNotFound'));
    const body: RequestsAnswers['accept_offer'] = {
      message: answerText(language, 'offerAccepted', { when: whenText(startsAt, language) }),
      request: shown,
    };
    const json = JSON.stringify(body);
    await requests.save({
      requestId: request.request_id,
      bodyHash,
      action: request.action,
      userName: request.user.name,
      userNumber: request.user.number,
      payload: request.payload,
      note: undefined,
      message: undefined,
      preferredTimes: undefined,
      language: request.language,
      timestampIst: request.timestamp_ist,
      receivedAt: now,
      attachments: [],
      threadText: undefined,
      verifiedDevice: false,
      answer: { status: 200, body: json },
      // Written only while the offer is still the request's latest answer: two acceptances racing record one.
      alsoWrite: () => {
        if (answers.answers(target.request_id).at(-1)?.offer_id === request.payload.offer_id) {
          answers.record(target.request_id, accepted, event);
          onSeen?.(numberKey, [target.request_id], now);
        }
      },
    });
    return { status: 200, json, replayed: false };
  };

  return (request: RequestsRequest): Promise<Outcome> => {
    const language = request.language ?? 'en';
    if (!hasAllRequired(request.user.name, request.user.number)) {
      return Promise.resolve(refuse(400, answerText(language, 'nameAndNumberRequired')));
    }
    if (!isValidPhone(request.user.number)) return Promise.resolve(refuse(400, answerText(language, 'invalidPhone')));
    return request.action === 'list_requests' ? Promise.resolve(listRequests(request)) : acceptOffer(request);
  };
}
