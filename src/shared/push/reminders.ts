/**
 * Session reminders. Each weekly session of a parent's schedule brings two:
 * at 18:00 India's time the day before, and one hour before it starts. A
 * reminder whose moment falls in the parent's quiet hours is dropped (it
 * would only be read after the moment it was for), and so is one whose moment
 * passed more than REMINDER_LATE_MS ago, e.g. while the server was down.
 * Every reminder has a key, so a sender can send each one once.
 */
import { istDayOf, istMoment } from '../format/ist-zone.ts';
import { movedByRequest, partsOf, weekdayOf, type Move } from '../schedule/week.ts';
import type { PushMessage } from '../webhook/push.ts';
import { clockMinutes, isQuiet, type QuietHours } from './quiet-hours.ts';

/** A session that recurs each week: ISO weekday (Monday 1 … Sunday 7), "HH:mm" IST, the facilitator's name. */
export interface WeeklySessionTime {
  weekday: number;
  time: string;
  facilitator: string;
}

export type ReminderLead = Extract<PushMessage, { kind: 'reminder' }>['lead'];

export interface Reminder<S extends WeeklySessionTime = WeeklySessionTime> {
  /** Unique per session occurrence and lead, e.g. "hour_before 2026-11-25T11:30:00.000Z". */
  key: string;
  lead: ReminderLead;
  /** When it is shown. */
  at: Date;
  /** When the session starts. */
  startsAt: Date;
  session: S;
}

/** The day-before reminder's time on India's clock. */
export const DAY_BEFORE_AT = '18:00';
export const HOUR_BEFORE_MS = 60 * 60 * 1000;
/** A reminder later than this is stale: the parent gets no reminder rather than a late one. */
export const REMINDER_LATE_MS = 10 * 60 * 1000;

const DAY_MINUTES = 24 * 60;

/** The day a search starts on: the same moment for every device in a server's minute. */
let lastDay: { at: number; day: ReturnType<typeof istDayOf> } | undefined;
function dayOf(at: Date): ReturnType<typeof istDayOf> {
  if (lastDay?.at !== at.getTime()) lastDay = { at: at.getTime(), day: istDayOf(at) };
  return lastDay.day;
}

/**
 * istDayOf and istMoment go through the time-zone database, a few microseconds a call;
 * a server looks for the reminders of every subscribed device each minute,
 * and their sessions share a few days and times, so the moments are kept.
 */
const moments = new Map<string, Date>();
const MOMENTS_KEPT = 4096;

function momentOf(date: { year: number; month: number; day: number }, minutes: number): Date {
  const key = `${date.year}-${date.month}-${date.day} ${minutes}`;
  let moment = moments.get(key);
  if (!moment) {
    if (moments.size >= MOMENTS_KEPT) moments.clear();
    moment = istMoment(date, minutes);
    moments.set(key, moment);
  }
  return moment;
}

function remindersOf<S extends WeeklySessionTime>(session: S, startsAt: Date, dayBefore: Date): Reminder<S>[] {
  const start = startsAt.toISOString();
  return [
    { key: `day_before ${start}`, lead: 'day_before', at: dayBefore, startsAt, session },
    {
      key: `hour_before ${start}`,
      lead: 'hour_before',
      at: new Date(startsAt.getTime() - HOUR_BEFORE_MS),
      startsAt,
      session,
    },
  ];
}

/** Every reminder of the sessions whose moment is in [from, to), earliest first, quiet hours not yet applied. */
export function remindersBetween<S extends WeeklySessionTime>(
  sessions: readonly S[],
  from: Date,
  to: Date,
): Reminder<S>[] {
  const first = dayOf(from);
  const days = Math.ceil((to.getTime() - from.getTime()) / (DAY_MINUTES * 60_000)) + 2;
  const found: Reminder<S>[] = [];
  // A session's reminders come at most a day before it, so its day is from's day up to a day past to's.
  for (let offset = 0; offset <= days; offset += 1) {
    const day = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const weekday = day.getUTCDay() || 7;
    for (const session of sessions) {
      if (session.weekday !== weekday) continue;
      const startsAt = momentOf(date, clockMinutes(session.time));
      const dayBefore = momentOf(date, clockMinutes(DAY_BEFORE_AT) - DAY_MINUTES);
      for (const reminder of remindersOf(session, startsAt, dayBefore)) {
        if (reminder.at >= from && reminder.at < to) found.push(reminder);
      }
    }
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
}

/**
 * The reminders to send at `now`: those whose moment is in (now - REMINDER_LATE_MS, now],
 * outside the quiet hours. A sender keeps the keys it sent and skips them.
 */
export function dueReminders<S extends WeeklySessionTime>(
  sessions: readonly S[],
  quiet: QuietHours,
  now: Date,
): Reminder<S>[] {
  const from = new Date(now.getTime() - REMINDER_LATE_MS + 1);
  const to = new Date(now.getTime() + 1);
  return remindersBetween(sessions, from, to).filter((reminder) => !isQuiet(quiet, reminder.at));
}

/**
 * The reminders to send at `now` for one-off occurrences (a session the
 * programme or a confirmed request moved: its reminders follow it), by the
 * same rule as dueReminders.
 */
export function dueOccurrenceReminders<S extends WeeklySessionTime>(
  occurrences: readonly { startsAt: Date; session: S }[],
  quiet: QuietHours,
  now: Date,
): Reminder<S>[] {
  const from = now.getTime() - REMINDER_LATE_MS + 1;
  return occurrences
    .flatMap(({ startsAt, session }) =>
      remindersOf(session, startsAt, momentOf(istDayOf(startsAt), clockMinutes(DAY_BEFORE_AT) - DAY_MINUTES)),
    )
    .filter((reminder) => reminder.at.getTime() >= from && reminder.at <= now && !isQuiet(quiet, reminder.at));
}

/** A change to an occurrence (ISO starts with +05:30): cancelled (moved_to null) or moved, by staff or a request. */
export interface OccurrenceChange {
  starts_at: string;
  facilitator: string;
  moved_to: string | null;
}

/**
 * A parent's changes to their occurrences, as their reminders follow them:
 * each move their confirmed requests made, and the programme's changes of
 * the occurrences no request of theirs moved (a request's move stands over
 * the programme's change of the same occurrence: week.ts, movedByRequest).
 */
export function withRequestMoves(
  programme: readonly OccurrenceChange[],
  requestMoves: readonly Move[],
): OccurrenceChange[] {
  const requestMoved = requestMoves.map((move) => move.from);
  return [
    ...requestMoves.map(({ from, to }) => ({ starts_at: from.starts_at, facilitator: from.facilitator, moved_to: to })),
    ...programme.filter((change) => !movedByRequest(change, requestMoved)),
  ];
}

/**
 * The reminders due at `now` with the changes to the parent's occurrences
 * applied (withRequestMoves): none for a changed occurrence, and a moved
 * one's come before its new time unless it was cancelled there.
 */
export function dueRemindersWithChanges<S extends WeeklySessionTime>(
  sessions: readonly S[],
  changes: readonly OccurrenceChange[],
  quiet: QuietHours,
  now: Date,
): Reminder<WeeklySessionTime>[] {
  const changed = (reminder: Reminder<S>) =>
    changes.some(
      (change) =>
        Date.parse(change.starts_at) === reminder.startsAt.getTime() &&
        change.facilitator.toLowerCase() === reminder.session.facilitator.toLowerCase(),
    );
  // A moved occurrence cancelled at its new time (a holiday there) has no reminder either.
  const cancelledAt = (startsAt: string, facilitator: string) =>
    changes.some(
      (change) =>
        !change.moved_to &&
        Date.parse(change.starts_at) === Date.parse(startsAt) &&
        change.facilitator.toLowerCase() === facilitator.toLowerCase(),
    );
  const moved = changes.flatMap((change) => {
    if (!change.moved_to || cancelledAt(change.moved_to, change.facilitator)) return [];
    const { key, time } = partsOf(change.moved_to);
    const session = { weekday: weekdayOf(key), time, facilitator: change.facilitator };
    return [{ startsAt: new Date(change.moved_to), session }];
  });
  return [
    ...dueReminders(sessions, quiet, now).filter((reminder) => !changed(reminder)),
    ...dueOccurrenceReminders(moved, quiet, now),
  ];
}
