/**
 * What staff may send to many parents at once, checked the same way by
 * /staff and by n8n's Slack form: the texts of an announcement (a title and
 * a body in English, in Hindi, or in both), its time, and a session change's
 * reason and new time. Every check answers a problem name; the words for
 * staff are messages.ts's.
 */
import { cleanAnswerText, isClockTime, isDayKey, startsAtOf } from '../rules/request-outcome.ts';
import { staffTextProblem, type StaffTextProblem } from '../rules/staff-text.ts';
import { partsOf, addDays, weekdayOf } from '../schedule/week.ts';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '../webhook/announcements.ts';
import type { Language } from '../webhook/types.ts';
import { toIstIso } from '../format/ist.ts';

/** What staff typed, one field each; an empty field is a language left out. */
export interface AnnouncementFields {
  title_en: string;
  body_en: string;
  title_hi: string;
  body_hi: string;
}

export type AnnouncementTexts = Partial<Record<Language, { title: string; body: string }>>;

export type TextProblem = 'noText' | 'titleOnly' | 'bodyOnly' | 'titleTooLong' | 'bodyTooLong' | StaffTextProblem;

/** A field as it is kept: line breaks as LF, trimmed (a title on one line). */
const cleaned = (raw: string, oneLine: boolean) => {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  return oneLine ? text.replace(/\n+/g, ' ') : text;
};

/**
 * The texts as they are kept, or the first problem with the field it is in
 * (a form shows it there; noText is the English title's): each language has
 * both a title (at most ANNOUNCEMENT_TITLE_MAX) and a body (at most
 * ANNOUNCEMENT_BODY_MAX) or neither, at least one language has them, and no
 * control or direction-changing character is in any.
 */
export function checkAnnouncementTexts(
  fields: AnnouncementFields,
): { ok: true; texts: AnnouncementTexts } | { ok: false; problem: TextProblem; field: keyof AnnouncementFields } {
  const texts: AnnouncementTexts = {};
  for (const language of ['en', 'hi'] as const) {
    const title = cleaned(fields[`title_${language}`], true);
    const body = cleaned(fields[`body_${language}`], false);
    const [inTitle, inBody] = [`title_${language}`, `body_${language}`] as const;
    if (title === '' && body === '') continue;
    if (body === '') return { ok: false, problem: 'titleOnly', field: inBody };
    if (title === '') return { ok: false, problem: 'bodyOnly', field: inTitle };
    if ([...title].length > ANNOUNCEMENT_TITLE_MAX) return { ok: false, problem: 'titleTooLong', field: inTitle };
    if ([...body].length > ANNOUNCEMENT_BODY_MAX) return { ok: false, problem: 'bodyTooLong', field: inBody };
    const wrongTitle = staffTextProblem(title);
    const wrong = wrongTitle ?? staffTextProblem(body);
    if (wrong) return { ok: false, problem: wrong, field: wrongTitle ? inTitle : inBody };
    texts[language] = { title, body };
  }
  return texts.en || texts.hi ? { ok: true, texts } : { ok: false, problem: 'noText', field: 'title_en' };
}

export type WhenProblem = 'day' | 'time' | 'past';

/**
 * When an announcement goes: now when both fields are empty, else the day
 * (YYYY-MM-DD) and time (HH:mm) in Asia/Kolkata, which must not be past.
 */
export function checkSendAt(
  day: string,
  time: string,
  now: Date,
): { ok: true; at: Date | undefined } | { ok: false; problem: WhenProblem } {
  if (day.trim() === '' && time.trim() === '') return { ok: true, at: undefined };
  if (!isDayKey(day.trim())) return { ok: false, problem: 'day' };
  if (!isClockTime(time.trim())) return { ok: false, problem: 'time' };
  const at = new Date(startsAtOf(day.trim(), time.trim()));
  // The minute now is not past: "now" typed as a time is sent now.
  return at.getTime() < now.getTime() - 60_000 ? { ok: false, problem: 'past' } : { ok: true, at };
}

/** A session change's reason: required, a line or two (cleanAnswerText's rule, as a request's reason). */
export const checkReason = (raw: string) => cleanAnswerText(raw, true);

export type MoveProblem = WhenProblem | 'otherWeek' | 'same';

/** The Monday of the week (Monday to Sunday, India) a day is in. */
export const mondayOf = (key: string) => addDays(key, 1 - weekdayOf(key));

/**
 * Where one occurrence (its start, ISO with +05:30) may move: a day and
 * time of the same week, not past, not where it is.
 */
export function checkMove(
  from: string,
  day: string,
  time: string,
  now: Date,
): { ok: true; to: string } | { ok: false; problem: MoveProblem } {
  if (!isDayKey(day.trim())) return { ok: false, problem: 'day' };
  if (!isClockTime(time.trim())) return { ok: false, problem: 'time' };
  const to = startsAtOf(day.trim(), time.trim());
  if (mondayOf(partsOf(to).key) !== mondayOf(partsOf(from).key)) return { ok: false, problem: 'otherWeek' };
  if (Date.parse(to) < now.getTime()) return { ok: false, problem: 'past' };
  if (Date.parse(to) === Date.parse(from)) return { ok: false, problem: 'same' };
  return { ok: true, to };
}

/** An occurrence already started cannot be cancelled or moved. */
export const hasStarted = (startsAt: string, now: Date) => Date.parse(startsAt) <= now.getTime();

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session change is urgent (pushed through quiet hours) when the session is within a day. */
export const isUrgentChange = (startsAt: string, now: Date) => Date.parse(startsAt) - now.getTime() < DAY_MS;

/** Whether a day key is in the same week as now in India. */
export const isThisWeek = (key: string, now: Date) => mondayOf(key) === mondayOf(partsOf(toIstIso(now)).key);

/**
 * Staff change a session of this week or next (India's weeks, Monday to
 * Sunday), as the change form says: a change further ahead would reach
 * parents weeks before it matters, and is made when its week comes. A day
 * already past is refused as an occurrence that has started (hasStarted).
 */
export const isInChangeWindow = (key: string, now: Date) =>
  mondayOf(key) <= addDays(mondayOf(partsOf(toIstIso(now)).key), 7);
