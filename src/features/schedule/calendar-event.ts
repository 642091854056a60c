/**
 * A schedule line as a calendar event: its date and time in India (see
 * session-day.ts and session-time.ts), an hour long unless the line gives an
 * end, and a UID that depends only on the parent, the start and the
 * facilitator, so adding the same session again updates the event. A session
 * staff moved (a confirmed request) keeps the UID of the session it was, with
 * the request's SEQUENCE (above any the programme's changes of that session
 * wrote: changes.ts), so the phone's calendar moves that event, and so does
 * one the programme moved; one whose change staff withdrew keeps its own UID
 * with a SEQUENCE above the change's, so the calendar takes it back. One the
 * programme cancelled gets a cancellation of the event it was
 * (cancelledEvent). Lines whose day or time cannot be read get no event.
 */
import { istDayOf, istMoment, istWeekdayAndTime } from '../../shared/format/ist-zone.ts';
import { TIME_ZONE, type IstDay } from '../../shared/format/ist.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { phoneKey } from '../../shared/rules/phone.ts';
import type { ScheduleEntry } from '../../shared/schedule/parser.ts';
import { programmeSequence } from '../../shared/schedule/changes.ts';
import { moveLandingAt, type SessionMove } from '../../shared/schedule/requests.ts';
import type { ScheduleChange } from '../../shared/webhook/announcements.ts';
import type { SessionRef } from '../../shared/webhook/requests.ts';
import { icsUtc, type IcsEvent } from './ics.ts';
import { DEFAULT_SESSION_MINUTES } from './session-time.ts';
import { sessionWhen, startsAtWhen } from './session-when.ts';
import { type ScheduleMessages } from './messages.ts';

/** Google Calendar's 'new event' form: the one outside address this feature opens. */
export const GOOGLE_CALENDAR_TEMPLATE = 'https://calendar.google.com/calendar/render';
const UID_DOMAIN = 'thrive-parent-portal';

export interface CalendarEvent extends IcsEvent {
  /** The .ics file name for this session alone. */
  fileName: string;
}

type CalendarTexts = ScheduleMessages['calendar'];

/**
 * cyrb53, a small 53-bit string hash: it keeps the parent's phone number out
 * of the UID, which calendar apps store and sync, while staying the same for
 * the same session.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The date as YYYY-MM-DD and the start as HHMM in India: what a session's UID and file name are made of. */
function sessionStamp(day: Omit<IstDay, 'weekday'>, startMinutes: number) {
  return {
    date: `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`,
    clock: `${pad(Math.floor(startMinutes / 60))}${pad(startMinutes % 60)}`,
  };
}

function sessionUid(parent: string, { date, clock }: ReturnType<typeof sessionStamp>, facilitator: string): string {
  const who = facilitator.toLowerCase();
  return `${date.replace(/-/g, '')}T${clock}-${hash53(`${phoneKey(parent) ?? parent}|${date}|${clock}|${who}`)}@${UID_DOMAIN}`;
}

/** The UID the schedule gave the session `ref` names (a request's `calendar.uid_of`), before it moved. */
export function sessionRefUid(parent: string, ref: SessionRef): string {
  const at = new Date(ref.starts_at);
  const [hours = 0, minutes = 0] = istWeekdayAndTime(at).time.split(':').map(Number);
  return sessionUid(parent, sessionStamp(istDayOf(at), hours * 60 + minutes), ref.facilitator);
}

/**
 * The event for one schedule line, or undefined when it has none. `fetchedAt`
 * is when the schedule was fetched: its week is the week the line speaks of.
 * The event's words are in the page's language, its day and time written
 * as the schedule screen writes them.
 */
export function sessionEvent(
  entry: ScheduleEntry,
  parent: string,
  fetchedAt: number,
  t: CalendarTexts,
  locale: Locale,
  moves: readonly SessionMove[] = [],
): CalendarEvent | undefined {
  if (entry.kind !== 'session') return undefined;
  const when = sessionWhen(entry, fetchedAt, new Date(fetchedAt), locale);
  const { date: day, clock: time } = when;
  if (!day || !time) return undefined;
  const stamp = sessionStamp(day, time.start);
  const start = istMoment(day, time.start);
  const move = moveLandingAt(moves, start);
  return {
    uid: move ? sessionRefUid(parent, move.uidOf) : sessionUid(parent, stamp, entry.facilitator),
    ...(move && { sequence: move.sequence }),
    start,
    end: istMoment(day, time.end),
    title: t.eventTitle(entry.facilitator),
    details: t.eventDetails(when.day, when.time, entry.facilitator),
    fileName: t.sessionFile(stamp.date, stamp.clock),
  };
}

/**
 * The cancellation of a session the programme cancelled (one no request of
 * the parent's moved: changes.ts): the event it was given when added (its
 * UID), a SEQUENCE above any this phone wrote for it (`changes`: the
 * programme's, withdrawn ones included), in the page's language.
 */
export function cancelledEvent(
  session: SessionRef,
  parent: string,
  changes: readonly ScheduleChange[],
  t: CalendarTexts,
  locale: Locale,
): CalendarEvent {
  const start = new Date(session.starts_at);
  const when = startsAtWhen(session.starts_at, start, locale);
  const stamp = sessionStamp(istDayOf(start), when.clock?.start ?? 0);
  return {
    uid: sessionRefUid(parent, session),
    sequence: programmeSequence(session, changes),
    cancelled: true,
    start,
    end: new Date(start.getTime() + DEFAULT_SESSION_MINUTES * 60_000),
    title: t.eventTitle(session.facilitator),
    details: t.eventDetails(when.day, when.time, session.facilitator),
    fileName: t.cancelFile(stamp.date, stamp.clock),
  };
}

/** Google Calendar's form filled in: UTC dates, shown in India's zone. Values are percent-encoded (spaces as %20). */
export function googleCalendarLink(event: IcsEvent): string {
  const query = [
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${icsUtc(event.start)}/${icsUtc(event.end)}`],
    ['ctz', TIME_ZONE],
    ['details', event.details],
  ]
    .map(([name = '', value = '']) => `${name}=${encodeURIComponent(value).replace(/%2F/g, '/')}`)
    .join('&');
  return `${GOOGLE_CALENDAR_TEMPLATE}?${query}`;
}
