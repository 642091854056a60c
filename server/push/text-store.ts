/**
 * The one owner of text_notices (migration 12): the durable queue of texts
 * for notifications not seen, and how each notice reached its parent. A
 * staff reply's row is added by the `text_notice_staff_reply` trigger in the
 * reply's transaction; an outcome's and an update's are added here. A row
 * is `waiting` until its text is decided (server/push/text-fallback.ts),
 * `queued` while the gateway has not taken it, then what became of it:
 * texted, seen, pushed, limit (the day's text went already), off (the
 * parent turned texts off) or failed (the gateway never took it).
 * Withdrawing an update (server/announcements/store.ts) and removing a parent
 * from the roster (server/roster/roster-admin.ts) delete the rows of theirs
 * not yet texted, in their own transactions.
 */
import { istDayOf, istMoment } from '../../src/shared/format/ist-zone.ts';
import { LIMIT_GROUP, type NoticeKind } from '../../src/shared/push/text-fallback.ts';
import { PROGRAMME_AUTHOR } from '../../src/shared/push/text-templates.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import type { Db } from '../db/database.ts';
import type { NoticeReach, NoticeState } from '../db/notice-reach.ts';
import { latestRequestLanguage } from '../db/requests-table.ts';
import { readSettings } from './store.ts';

export type { NoticeReach, NoticeState } from '../db/notice-reach.ts';

export interface TextNotice {
  id: number;
  number_key: string;
  kind: NoticeKind;
  message_id: number | null;
  announcement_id: string | null;
  author: string;
  urgent: 0 | 1;
  created_at: string;
  state: NoticeState;
  attempts: number;
  pushed_at: string | null;
}

const KINDS_OF_GROUP = (kind: NoticeKind) =>
  (Object.keys(LIMIT_GROUP) as NoticeKind[]).filter((other) => LIMIT_GROUP[other] === LIMIT_GROUP[kind]);

export function createTextStore(db: Db) {
  const insert = db.prepare(`
    INSERT INTO text_notices (number_key, kind, message_id, request_id, announcement_id, author, urgent, created_at, due_at)
    VALUES (@number_key, @kind, @message_id, @request_id, @announcement_id, @author, @urgent, @at, @at)`);
  // The kinds that share a day's limit, as a JSON array: one statement for either group.
  const textedSince = db
    .prepare<[string, string, string], number>(
      `SELECT count(*) FROM text_notices WHERE number_key = ? AND urgent = 0
        AND (state = 'queued' OR (state = 'texted' AND texted_at >= ?))
        AND kind IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const due = db.prepare<[string, number], TextNotice>(`
    SELECT id, number_key, kind, message_id, announcement_id, author, urgent, created_at, state, attempts, pushed_at
    FROM text_notices WHERE state IN ('waiting', 'queued') AND due_at <= ? ORDER BY due_at, id LIMIT ?`);
  const nextDue = db
    .prepare<[], string | null>("SELECT min(due_at) FROM text_notices WHERE state IN ('waiting', 'queued')")
    .pluck();
  // A parent's texts follow the parent's settings (server/push/store.ts): those saved last on any of their phones,
  // kept past logout and expiry, so they hold with no phone signed in; the defaults before any.
  const settingsOf = db.prepare<[string], { settings: string; language: Language }>(
    'SELECT settings, language FROM parent_settings WHERE number_key = ?',
  );
  // Without them, the language the staff pages show for the parent: that of their latest request.
  const requestLanguage = db.prepare<[string], Language | null>(`SELECT ${latestRequestLanguage('?')}`).pluck();
  const setState = db.prepare('UPDATE text_notices SET state = ?, decided_at = ? WHERE id = ?');
  const texted = db.prepare(
    "UPDATE text_notices SET state = 'texted', texted_at = ?, attempts = attempts + 1 WHERE id = ?",
  );
  const hold = db.prepare('UPDATE text_notices SET due_at = ? WHERE id = ?');
  const retry = db.prepare('UPDATE text_notices SET due_at = ?, attempts = attempts + 1 WHERE id = ?');
  const seenThrough = db.prepare(`
    UPDATE text_notices SET state = 'seen', decided_at = ?
    WHERE number_key = ? AND state IN ('waiting', 'queued') AND message_id <= ?`);
  const seenRequest = db.prepare(`
    UPDATE text_notices SET state = 'seen', decided_at = ?
    WHERE number_key = ? AND request_id = ? AND kind = 'request_update' AND state IN ('waiting', 'queued')`);
  const seenAnnouncement = db.prepare(`
    UPDATE text_notices SET state = 'seen', decided_at = ?
    WHERE number_key = ? AND announcement_id = ? AND state IN ('waiting', 'queued')`);
  // Only notices not yet decided to be sent: a queued one's later moment is the gateway's backoff.
  const dueNow = db.prepare(`
    UPDATE text_notices SET due_at = @at WHERE number_key = @numberKey AND state = 'waiting' AND due_at > @at`);
  const pushedMessage = db.prepare('UPDATE text_notices SET pushed_at = ? WHERE message_id = ? AND pushed_at IS NULL');
  const pushedRequest = db.prepare(`
    UPDATE text_notices SET pushed_at = ? WHERE number_key = ? AND request_id = ? AND pushed_at IS NULL`);
  const pushedAnnouncement = db.prepare(`
    UPDATE text_notices SET pushed_at = ? WHERE number_key = ? AND announcement_id = ? AND pushed_at IS NULL`);
  const reachOf = db.prepare<[string], NoticeReach & { message_id: number }>(`
    SELECT message_id, state, pushed_at, texted_at FROM text_notices WHERE number_key = ? AND message_id IS NOT NULL`);
  const newestEvent = db
    .prepare<[string], number | null>('SELECT max(id) FROM thread_messages WHERE number_key = ? AND event = 1')
    .pluck();
  const onRoster = db.prepare<[string], number>('SELECT count(*) FROM parents WHERE number = ?').pluck();
  const removeNumber = db.prepare('DELETE FROM text_notices WHERE number_key = ?');

  return {
    /** Runs `work` in one transaction: a batch of decisions is one commit. */
    inTransaction: <T>(work: () => T): T => db.transaction(work)(),
    /**
     * A request's outcome for a roster parent: its notice points at the
     * event line the answer added to the thread, so the thread read past it
     * counts as seen.
     */
    addOutcome(numberKey: string, requestId: string, author: string, now: Date): void {
      if ((onRoster.get(numberKey) ?? 0) === 0) return;
      insert.run({
        number_key: numberKey,
        kind: 'request_update',
        message_id: newestEvent.get(numberKey) ?? null,
        request_id: requestId,
        announcement_id: null,
        author,
        urgent: 0,
        at: now.toISOString(),
      });
    },
    /** An update from the programme to these parents (the announcements' hook). */
    addAnnouncement(numberKeys: readonly string[], announcementId: string, urgent: boolean, now: Date): void {
      for (const numberKey of numberKeys) {
        insert.run({
          number_key: numberKey,
          kind: 'announcement',
          message_id: null,
          request_id: null,
          announcement_id: announcementId,
          author: PROGRAMME_AUTHOR,
          urgent: urgent ? 1 : 0,
          at: now.toISOString(),
        });
      }
    },
    due: (now: Date, limit: number) => due.all(now.toISOString(), limit),
    nextDue(): Date | undefined {
      const at = nextDue.get();
      return at ? new Date(at) : undefined;
    },
    /**
     * The parent's settings for texts, and the language texts are written in: the settings' own, else that of the
     * parent's latest request (what the staff pages show), else English.
     */
    settingsOf(numberKey: string) {
      const row = settingsOf.get(numberKey);
      const language: Language = row?.language ?? requestLanguage.get(numberKey) ?? 'en';
      return { settings: readSettings(row?.settings ?? null), language };
    },
    /**
     * Texts of the kind's limit group this parent was sent since India's midnight, or has queued to send (a retry
     * held over the quiet hours goes out on the next day, and counts on the day it is sent). An urgent update's counts
     * against nothing, as the rule says.
     */
    textedToday(numberKey: string, kind: NoticeKind, now: Date): number {
      const since = istMoment(istDayOf(now), 0).toISOString();
      return textedSince.get(numberKey, since, JSON.stringify(KINDS_OF_GROUP(kind))) as number;
    },
    decide: (id: number, state: NoticeState, now: Date) => void setState.run(state, now.toISOString(), id),
    texted: (id: number, now: Date) => void texted.run(now.toISOString(), id),
    hold: (id: number, until: Date) => void hold.run(until.toISOString(), id),
    retry: (id: number, at: Date) => void retry.run(at.toISOString(), id),
    /** The parent's phone got the thread through `through` (chat_thread, mark_read): no text for what it holds. */
    seenThrough: (numberKey: string, through: number, now: Date) =>
      void seenThrough.run(now.toISOString(), numberKey, through),
    /** The parent saw these requests' outcomes (list_requests showed them, or they answered one): no text for them. */
    seenRequests(numberKey: string, requestIds: readonly string[], now: Date): void {
      for (const requestId of requestIds) seenRequest.run(now.toISOString(), numberKey, requestId);
    },
    /**
     * A phone of the parent saved its settings, which are now the parent's: their notices waiting for a later moment
     * (the quiet hours' end, the wait) are due now, to be decided again by them; how many.
     */
    settingsSaved: (numberKey: string, now: Date): number => dueNow.run({ at: now.toISOString(), numberKey }).changes,
    /** The parent opened an update (the announcements' hook). */
    seenAnnouncement: (numberKey: string, announcementId: string, now: Date) =>
      void seenAnnouncement.run(now.toISOString(), numberKey, announcementId),
    /** A push service accepted a push of the notice: it reached a working subscription. */
    pushed(
      job: { number_key: string; message_id: number | null; request_id?: string; announcement_id?: string | null },
      now: Date,
    ) {
      const at = now.toISOString();
      if (job.message_id !== null) pushedMessage.run(at, job.message_id);
      else if (job.request_id) pushedRequest.run(at, job.number_key, job.request_id);
      else if (job.announcement_id) pushedAnnouncement.run(at, job.number_key, job.announcement_id);
    },
    /** How each reply and outcome of a thread reached the parent, by message id. */
    reach(numberKey: string): Map<number, NoticeReach> {
      return new Map(reachOf.all(numberKey).map(({ message_id, ...reach }) => [message_id, reach]));
    },
    removeNumber: (numberKey: string) => removeNumber.run(numberKey).changes,
  };
}

export type TextStore = ReturnType<typeof createTextStore>;
