/**
 * What the 'Your requests' card says about each request, in the page's
 * language: what was asked, for which session, and its outcome. An offered
 * time the parent has accepted but the outbox still holds shows where that
 * acceptance stands instead of the buttons, so it is accepted once.
 */
import { formatDayKey, formatIstDateTime, formatIstDay, formatMinutes } from '../../shared/format/ist.ts';
import { istDayOf, istWeekdayAndTime } from '../../shared/format/ist-zone.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { withWords, type SentencePart } from '../../shared/i18n/sentence.ts';
import type { OutboxState } from '../../shared/outbox/types.ts';
import type { ParentRequest, RequestStatus } from '../../shared/webhook/requests.ts';
import type { RequestsMessages } from './messages.ts';

/** 'Thursday, 3 Dec, 4:00 PM' ('गुरुवार, 3 दिसंबर, शाम 4:00') for an ISO moment, on India's clock. */
export function startsAtText(iso: string, locale: Locale): string {
  const at = new Date(iso);
  const [hours = 0, minutes = 0] = istWeekdayAndTime(at).time.split(':').map(Number);
  return `${formatIstDay(istDayOf(at), locale)}, ${formatMinutes(hours * 60 + minutes, locale)}`;
}

export interface RequestView {
  id: string;
  status: RequestStatus;
  /** The status in words: the card's heading for this request. */
  label: string;
  /** What was asked, the session it is about (with its facilitator's name apart), when it was sent. */
  asked: string;
  session: SentencePart[] | undefined;
  sentAt: string;
  /** The outcome's lines: the new or offered time, that it differs. */
  details: string[];
  /** A declined request's reason, staff's words apart. */
  reason: SentencePart[] | undefined;
  /** Offered and not yet accepted: the Accept button's name and the offer it accepts. */
  offer: { offerId: string; acceptLabel: string } | undefined;
  /** Accepted on this phone, still in the outbox: where it stands. */
  accepting: string | undefined;
}

function askedText(request: ParentRequest, t: RequestsMessages, locale: Locale): string {
  const { asked } = request;
  if ('date' in asked) return t.date(formatDayKey(asked.date, locale));
  return asked.start_date === asked.end_date
    ? t.date(formatDayKey(asked.start_date, locale))
    : t.range(formatDayKey(asked.start_date, locale), formatDayKey(asked.end_date, locale));
}

function details(request: ParentRequest, t: RequestsMessages, locale: Locale): string[] {
  switch (request.status) {
    case 'waiting':
      return [];
    case 'confirmed':
      if (!request.confirmed) return [];
      return [
        t.confirmedAt(startsAtText(request.confirmed.starts_at, locale)),
        ...(request.confirmed.differs ? [t.differs] : []),
      ];
    case 'offered':
      return request.offer ? [t.offeredAt(startsAtText(request.offer.starts_at, locale))] : [];
    case 'declined':
      return [];
  }
}

/** `accepting`: the state of this request's acceptance in the outbox, if it holds one. */
export function requestView(
  request: ParentRequest,
  accepting: OutboxState | undefined,
  t: RequestsMessages,
  locale: Locale,
): RequestView {
  const { offer, session } = request;
  const open = request.status === 'offered' && offer !== undefined;
  return {
    id: request.request_id,
    status: request.status,
    label: t.status[request.status],
    asked: askedText(request, t, locale),
    session:
      session &&
      withWords((facilitator) => t.session(startsAtText(session.starts_at, locale), facilitator), session.facilitator),
    sentAt: t.sentAt(formatIstDateTime(new Date(request.sent_at), locale)),
    details: details(request, t, locale),
    reason: request.status === 'declined' && request.reason ? withWords(t.reason, request.reason) : undefined,
    offer:
      open && accepting === undefined
        ? { offerId: offer.offer_id, acceptLabel: t.acceptLabel(startsAtText(offer.starts_at, locale)) }
        : undefined,
    accepting: open && accepting !== undefined ? t.accepting[accepting] : undefined,
  };
}

/** Newest first: the request the parent most likely came for is at the top. */
export function requestViews(
  requests: readonly ParentRequest[],
  accepting: ReadonlyMap<string, OutboxState>,
  t: RequestsMessages,
  locale: Locale,
): RequestView[] {
  return [...requests]
    .sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at))
    .map((request) => requestView(request, accepting.get(request.request_id), t, locale));
}
