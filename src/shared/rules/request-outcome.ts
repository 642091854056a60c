/**
 * What a parent reads of a reschedule request once staff have answered it (ParentRequest): its status after its
 * answers, a confirmed time outside the days asked for, the calendar's SEQUENCE, an offer, a reason. One rule for
 * both backends, through src/shared/schedule/request-session.ts: the reference server and the n8n workflow, whose
 * "Outcomes" node bundles it (n8n/source/requests/nodes/outcomes.js). Days are 'YYYY-MM-DD', times
 * 'YYYY-MM-DDTHH:mm' in India. The day and time staff answer with, and the reason or note they write, are held to
 * one rule too (answerTimeProblem, cleanAnswerText): /staff and n8n's Slack form.
 */
import type { ParentRequest, RequestStatus, SessionRef } from '../webhook/requests.ts';
import { staffTextProblem, type StaffTextProblem } from './staff-text.ts';

/** What a parent asked for, as the first and last day (equal for one day). */
export interface Asked {
  start: string;
  end: string;
}

/** The days a reschedule asks for: its date, or its range; none when the payload holds no such days. */
export function askedOf(action: string, payload: Record<string, unknown>): Asked | undefined {
  const start = action === 'reschedule_single' ? payload.date : payload.start_date;
  const end = action === 'reschedule_single' ? payload.date : payload.end_date;
  return typeof start === 'string' && typeof end === 'string' ? { start, end } : undefined;
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A day of the calendar as 'YYYY-MM-DD': a day that exists, not only one shaped like it (no 31 February). */
export function isDayKey(text: string): boolean {
  const match = DAY_KEY.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === text;
}

/** A time of day as 24-hour 'HH:mm'. */
export const isClockTime = (text: string): boolean => CLOCK_TIME.test(text);

/** The moment a wall-clock time in India starts, ISO 8601 with its +05:30 offset (India keeps no summer time). */
export const startsAtOf = (day: string, time: string): string => `${day}T${time}:00+05:30`;

/** What is wrong with the day and time staff confirm or offer: no day, no time, or a day before today in India. */
export type AnswerTimeProblem = 'day' | 'time' | 'past';

export function answerTimeProblem(day: string, time: string, todayKey: string): AnswerTimeProblem | null {
  if (!isDayKey(day)) return 'day';
  if (!isClockTime(time)) return 'time';
  return day < todayKey ? 'past' : null;
}

/** The most a reason or a note staff write may hold: a line or two, not a letter. */
export const ANSWER_TEXT_MAX_LENGTH = 300;

/**
 * What is wrong with a reason or note: none where one is needed, too long, a control character in it, or a
 * character that turns the direction of the text (staff-text.ts).
 */
export type AnswerTextProblem = 'blank' | 'long' | StaffTextProblem;

/** A reason or note as it is kept (line breaks as LF, trimmed; it may keep them), or what is wrong with it. */
export function cleanAnswerText(raw: string, required: boolean): { text: string } | { problem: AnswerTextProblem } {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '' && required) return { problem: 'blank' };
  if (text.length > ANSWER_TEXT_MAX_LENGTH) return { problem: 'long' };
  const wrong = staffTextProblem(text);
  return wrong ? { problem: wrong } : { text };
}

/** The day a staff answer starts on: the first day asked for, or today in India once that day is past. */
export function firstAnswerDay(asked: Asked, todayKey: string): string {
  return asked.start < todayKey ? todayKey : asked.start;
}

/** One recorded answer to a request, oldest first; `accepted` is the parent taking an offer. */
export interface OutcomeRow {
  kind: 'confirmed' | 'offered' | 'declined' | 'accepted';
  starts_at: string | null;
  offer_id: string | null;
  reason: string | null;
  answered_by: string;
  answered_at: string;
}

/** A confirmed or offered time differs when its day is not one the parent asked for. */
export function differs(asked: Asked, startsAt: string): boolean {
  const day = startsAt.slice(0, 10);
  return day < asked.start || day > asked.end;
}

/** The request as it stands after its answers, given the days asked for and the session it concerns. */
export function requestAfterAnswers(
  request: { request_id: string; action: string; timestamp_ist: string },
  asked: Asked,
  session: SessionRef | undefined,
  outcomes: readonly OutcomeRow[],
): ParentRequest {
  const latest = outcomes.at(-1);
  const status: RequestStatus = !latest ? 'waiting' : latest.kind === 'accepted' ? 'confirmed' : latest.kind;
  const result: ParentRequest = {
    request_id: request.request_id,
    asked:
      asked.start === asked.end && request.action === 'reschedule_single'
        ? { date: asked.start }
        : { start_date: asked.start, end_date: asked.end },
    sent_at: request.timestamp_ist,
    status,
    ...(session ? { session } : {}),
  };
  if (!latest) return result;
  result.answered_at = latest.answered_at;
  result.answered_by = latest.answered_by;
  if (status === 'confirmed' && latest.starts_at) {
    result.confirmed = { starts_at: latest.starts_at, differs: differs(asked, latest.starts_at) };
    const moves = outcomes.filter((row) => row.kind === 'confirmed' || row.kind === 'accepted').length;
    if (session) result.calendar = { uid_of: session, sequence: moves };
  }
  if (status === 'offered' && latest.starts_at && latest.offer_id) {
    result.offer = { offer_id: latest.offer_id, starts_at: latest.starts_at };
  }
  if (status === 'declined' && latest.reason) result.reason = latest.reason;
  return result;
}
