/**
 * An announcement as a parent reads it, and what this week's session changes
 * do to their schedule, from the rows a backend keeps (migration 11's shape;
 * n8n's thrive.announcements): the texts in the language asked for when the
 * announcement has them, else in the other; a session change's occurrence
 * named as the schedule names it; the changes standing in India's week of
 * `now` (Monday to Sunday), which know_schedule applies and tells of while
 * their occurrence or new time is still ahead, save to an occurrence the
 * parent's confirmed request moved, whose time is the request's. n8n's
 * workflows bundle this.
 */
import { toIstIso } from '../format/ist.ts';
import { startsAtOf } from '../rules/request-outcome.ts';
import {
  addDays,
  movedByRequest,
  partsOf,
  sessionOn,
  weekdayOf,
  type Move,
  type ScheduleChanges,
} from '../schedule/week.ts';
import type { Announcement, AnnouncementKind } from '../webhook/announcements.ts';
import type { SessionRef } from '../webhook/requests.ts';
import type { Language } from '../webhook/types.ts';

/** An occurrence (its start, +05:30) as the schedule names it. */
export function sessionRefOf(startsAt: string, facilitator: string): SessionRef {
  const { key, time } = partsOf(startsAt);
  return sessionOn(key, { weekday: weekdayOf(key), time, facilitator });
}

export interface ParentAnnouncementRow {
  id: string;
  kind: AnnouncementKind;
  title_en: string | null;
  body_en: string | null;
  title_hi: string | null;
  body_hi: string | null;
  sent_at: string;
  urgent: boolean;
  seen: boolean;
  reason: string | null;
  /** A session change's first occurrence of this parent's. */
  change: { starts_at: string; facilitator: string; moved_to: string | null } | null;
}

export function parentAnnouncement(row: ParentAnnouncementRow, language: Language): Announcement {
  const other: Language = language === 'en' ? 'hi' : 'en';
  const lang = [language, other].find((l) => row[`title_${l}`] !== null && row[`body_${l}`] !== null) ?? language;
  const { change } = row;
  return {
    announcement_id: row.id,
    kind: row.kind,
    title: row[`title_${lang}`] ?? '',
    body: row[`body_${lang}`] ?? '',
    language: lang,
    sent_at: toIstIso(new Date(row.sent_at)),
    urgent: row.urgent,
    seen: row.seen,
    ...(change ? { session: sessionRefOf(change.starts_at, change.facilitator) } : {}),
    ...(change?.moved_to ? { moved_to: sessionRefOf(change.moved_to, change.facilitator) } : {}),
    ...(row.reason !== null ? { reason: row.reason } : {}),
  };
}

export interface SessionChangeRow {
  announcement_id: string;
  starts_at: string;
  facilitator: string;
  moved_to: string | null;
  reason: string;
}

/** India's week of `now`, Monday 00:00 to the next Monday 00:00 (ISO with +05:30). */
export function weekOf(now: Date): { from: string; to: string } {
  const today = partsOf(toIstIso(now)).key;
  const monday = addDays(today, 1 - weekdayOf(today));
  return { from: startsAtOf(monday, '00:00'), to: startsAtOf(addDays(monday, 7), '00:00') };
}

/**
 * The changes standing in the week of `now` (rows of any wider window): what to take out, move, and tell of; and
 * the withdrawn ones (`withdrawn`, rows of any window) whose occurrence is still ahead this week, which put its
 * calendar event back (`restored`). An occurrence one of the parent's confirmed requests moved (`requestMoves`)
 * keeps the request's time (week.ts, movedByRequest): its changes are neither taken out nor moved, but are still
 * told, all week, for the portal to count them in the moved event's SEQUENCE (changes.ts) and tell nothing of them.
 */
export function scheduleChangesOf(
  rows: readonly SessionChangeRow[],
  now: Date,
  withdrawn: readonly SessionChangeRow[] = [],
  requestMoves: readonly Move[] = [],
): ScheduleChanges {
  const week = weekOf(now);
  const [from, to] = [Date.parse(week.from), Date.parse(week.to)];
  const inWeek = (at: string | null) => at !== null && Date.parse(at) >= from && Date.parse(at) < to;
  const ahead = (at: string | null) => at !== null && Date.parse(at) >= now.getTime() - 60_000;
  const requestMoved = requestMoves.map((move) => move.from);
  const ours = (row: SessionChangeRow) => movedByRequest(row, requestMoved);
  const standing = rows.filter((row) => inWeek(row.starts_at) || inWeek(row.moved_to));
  const applied = standing.filter((row) => !ours(row));
  return {
    cancelled: applied
      .filter((row) => row.moved_to === null)
      .map((row) => ({ starts_at: row.starts_at, facilitator: row.facilitator })),
    moves: applied.flatMap((row) =>
      row.moved_to ? [{ from: sessionRefOf(row.starts_at, row.facilitator), to: row.moved_to }] : [],
    ),
    changes: [
      ...standing
        .filter((row) => ours(row) || ahead(row.starts_at) || ahead(row.moved_to))
        .map((row) => ({
          announcement_id: row.announcement_id,
          kind: row.moved_to ? ('moved' as const) : ('cancelled' as const),
          session: sessionRefOf(row.starts_at, row.facilitator),
          ...(row.moved_to ? { moved_to: sessionRefOf(row.moved_to, row.facilitator) } : {}),
          reason: row.reason,
        })),
      ...withdrawn
        .filter((row) => inWeek(row.starts_at) && (ours(row) || ahead(row.starts_at)))
        .map((row) => ({
          announcement_id: row.announcement_id,
          kind: 'restored' as const,
          session: sessionRefOf(row.starts_at, row.facilitator),
          reason: row.reason,
        })),
    ],
  };
}
