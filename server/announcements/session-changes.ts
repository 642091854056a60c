/**
 * Staff change the programme's sessions: cancel one week's occurrence of a
 * roster session, cancel every session of one day (a holiday), or move one
 * occurrence within its week. Each change is an announcement to the parents
 * it affects, in both languages from the programme's texts
 * (src/shared/announcements/session-change-text.ts), sent at once, urgent
 * when the session is within a day; and a row per parent and occurrence,
 * which the schedule and the reminders follow. An occurrence takes one
 * change: a second is refused until the first is withdrawn. Withdrawing one
 * puts its occurrences back, and tells the parents whose session is still
 * ahead in an update of their own, in the same transaction
 * (src/shared/announcements/withdrawal.ts).
 */
import {
  checkMove,
  checkReason,
  hasStarted,
  isInChangeWindow,
  isUrgentChange,
} from '../../src/shared/announcements/rules.ts';
import {
  sessionChangeText,
  withdrawnChangeText,
  type SessionChange,
} from '../../src/shared/announcements/session-change-text.ts';
import type { StandingChange } from '../../src/shared/announcements/occurrences.ts';
import { withdrawalOf } from '../../src/shared/announcements/withdrawal.ts';
import { en } from '../../src/shared/announcements/messages.ts';
import { occurrenceChanged, sessionsOnDay } from '../../src/shared/announcements/occurrences.ts';
import { slotLabel, slotValue } from '../../src/shared/announcements/slots.ts';
import { isDayKey, startsAtOf } from '../../src/shared/rules/request-outcome.ts';
import { addDays, weekdayOf } from '../../src/shared/schedule/week.ts';
import type { Db } from '../db/database.ts';
import type { AnnouncementStore } from './store.ts';

/** A weekly session of the roster, as many parents share it: its day, time and facilitator. */
export interface Slot {
  weekday: number;
  time: string;
  facilitator_id: string;
  facilitator: string;
  parents: number;
}

export { slotLabel, slotValue };

export interface ChangeForm {
  /** cancel and move: the occurrence's day (YYYY-MM-DD) and slot (slotValue); holiday: the day. */
  day: string;
  slot: string;
  reason: string;
  to_day: string;
  to_time: string;
}

export type ChangeResult = { ok: true; id: string; parents: number } | { ok: false; problem: string };

/** A withdrawal: none standing to withdraw, refused with its problem, or done and how many parents were told. */
export type WithdrawResult = { ok: false; missing: true } | { ok: false; problem: string } | { ok: true; told: number };

interface Affected {
  number_key: string;
  time: string;
  facilitator: string;
}

export function createSessionChanges(db: Db, announcements: AnnouncementStore) {
  const slots = db.prepare<[], Slot>(`
    SELECT s.weekday, s.start_time AS time, s.facilitator_id, f.name AS facilitator, count(DISTINCT s.parent_number) AS parents
    FROM sessions s JOIN facilitators f ON f.id = s.facilitator_id
    GROUP BY s.weekday, s.start_time, s.facilitator_id ORDER BY s.weekday, s.start_time, f.name`);
  const ofSlot = db.prepare<[number, string, string], Affected>(`
    SELECT DISTINCT s.parent_number AS number_key, s.start_time AS time, f.name AS facilitator
    FROM sessions s JOIN facilitators f ON f.id = s.facilitator_id
    WHERE s.weekday = ? AND s.start_time = ? AND s.facilitator_id = ?`);
  const ofDay = db.prepare<[number], Affected>(`
    SELECT DISTINCT s.parent_number AS number_key, s.start_time AS time, f.name AS facilitator
    FROM sessions s JOIN facilitators f ON f.id = s.facilitator_id WHERE s.weekday = ?`);
  const rowsOf = db.prepare<[string], StandingChange>(
    'SELECT number_key, starts_at, facilitator, moved_to FROM session_changes WHERE announcement_id = ?',
  );

  const refuse = (problem: string): ChangeResult => ({ ok: false, problem });

  function make(change: SessionChange, affected: Affected[], day: string, createdBy: string, now: Date, label: string) {
    const starts = affected.map((row) => startsAtOf(day, row.time));
    const soonest = [...starts, ...(change.kind === 'moved' ? [change.to] : [])].sort()[0] ?? '';
    const id = announcements.create(
      {
        kind: change.kind === 'moved' ? 'moved' : 'cancelled',
        texts: { en: sessionChangeText(change, 'en', now), hi: sessionChangeText(change, 'hi', now) },
        audience: { kind: 'parents', numbers: [...new Set(affected.map((row) => row.number_key))] },
        audienceLabel: label,
        sendAt: now,
        urgent: isUrgentChange(soonest, now),
        createdBy,
        reason: change.reason,
        changes: affected.map((row, i) => ({
          number_key: row.number_key,
          starts_at: starts[i] ?? '',
          facilitator: row.facilitator,
          moved_to: change.kind === 'moved' ? change.to : null,
        })),
      },
      now,
    );
    return { ok: true as const, id, parents: new Set(affected.map((row) => row.number_key)).size };
  }

  function slotOf(value: string): Slot | undefined {
    return slots.all().find((slot) => slotValue(slot) === value);
  }

  /**
   * The changes standing on a day: an occurrence whose start is on it was
   * changed away (cancelled or moved; a row of an occurrence moved onto the
   * day and then cancelled starts at its new time), one whose moved_to is on
   * it was moved onto it.
   */
  const standingOn = (day: string) =>
    announcements.standingBetween(startsAtOf(day, '00:00'), startsAtOf(addDays(day, 1), '00:00'));

  /** The occurrence a cancel or a move is about, its parents, or why there is none to change. */
  function occurrenceOf(
    form: ChangeForm,
    now: Date,
  ): { problem: string } | { slot: Slot; startsAt: string; affected: Affected[] } {
    const slot = slotOf(form.slot);
    if (!slot || !isDayKey(form.day) || weekdayOf(form.day) !== slot.weekday) return { problem: en.noOccurrence };
    const startsAt = startsAtOf(form.day, slot.time);
    if (hasStarted(startsAt, now)) return { problem: en.noOccurrence };
    if (!isInChangeWindow(form.day, now)) return { problem: en.notInWindow };
    const affected = ofSlot.all(slot.weekday, slot.time, slot.facilitator_id);
    // One change per occurrence: a second would tell parents twice and put two lines on the schedule.
    const standing = standingOn(form.day);
    if (occurrenceChanged(standing, affected, form.day)) return { problem: en.alreadyChanged };
    return { slot, startsAt, affected };
  }

  return {
    slots: () => slots.all(),
    /** Withdraws any announcement; a session change's parents whose session is still ahead are told it is back. */
    withdraw(id: string, by: string, now: Date): WithdrawResult {
      return db.transaction((): WithdrawResult => {
        const row = announcements.one(id);
        if (!row || row.withdrawn_at) return { ok: false, missing: true };
        const withdrawal = withdrawalOf(row.kind, row.sent_at !== null, rowsOf.all(id), now);
        if (!withdrawal.ok) return { ok: false, problem: en[withdrawal.problem] };
        announcements.withdraw(id, now);
        if (!withdrawal.tell) return { ok: true, told: 0 };
        const { numbers, back, urgent } = withdrawal.tell;
        announcements.create(
          {
            kind: 'announcement',
            texts: { en: withdrawnChangeText(back, 'en', now), hi: withdrawnChangeText(back, 'hi', now) },
            audience: { kind: 'parents', numbers },
            audienceLabel: row.audience_label,
            sendAt: now,
            urgent,
            createdBy: by,
          },
          now,
        );
        return { ok: true, told: numbers.length };
      })();
    },
    cancel(form: ChangeForm, createdBy: string, now: Date): ChangeResult {
      const reason = checkReason(form.reason);
      if ('problem' in reason) return refuse(en.reason[reason.problem]);
      const occurrence = occurrenceOf(form, now);
      if ('problem' in occurrence) return refuse(occurrence.problem);
      const { slot, startsAt, affected } = occurrence;
      const change = { kind: 'cancelled' as const, startsAt, facilitator: slot.facilitator, reason: reason.text };
      return make(change, affected, form.day, createdBy, now, `${slotLabel(slot)}, ${form.day}`);
    },
    /**
     * Every session actually on the day: the roster's there not yet started
     * nor already cancelled or moved away, and those moved onto it.
     */
    holiday(form: ChangeForm, createdBy: string, now: Date): ChangeResult {
      const reason = checkReason(form.reason);
      if ('problem' in reason) return refuse(en.reason[reason.problem]);
      if (!isDayKey(form.day)) return refuse(en.move.day);
      if (!isInChangeWindow(form.day, now)) return refuse(en.notInWindow);
      const standing = standingOn(form.day);
      const affected = sessionsOnDay(form.day, ofDay.all(weekdayOf(form.day)), standing).filter(
        (row) => !hasStarted(startsAtOf(form.day, row.time), now),
      );
      if (affected.length === 0) return refuse(en.noSessionsThatDay);
      const change = { kind: 'holiday' as const, day: form.day, reason: reason.text };
      return make(change, affected, form.day, createdBy, now, `Every session on ${form.day}`);
    },
    move(form: ChangeForm, createdBy: string, now: Date): ChangeResult {
      const reason = checkReason(form.reason);
      if ('problem' in reason) return refuse(en.reason[reason.problem]);
      const occurrence = occurrenceOf(form, now);
      if ('problem' in occurrence) return refuse(occurrence.problem);
      const { slot, startsAt, affected } = occurrence;
      const to = checkMove(startsAt, form.to_day, form.to_time, now);
      if (!to.ok) return refuse(en.move[to.problem]);
      const change = {
        kind: 'moved' as const,
        startsAt,
        facilitator: slot.facilitator,
        to: to.to,
        reason: reason.text,
      };
      return make(change, affected, form.day, createdBy, now, `${slotLabel(slot)}, ${form.day}`);
    },
  };
}

export type SessionChanges = ReturnType<typeof createSessionChanges>;
