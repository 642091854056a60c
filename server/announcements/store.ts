/**
 * The one owner of the announcement tables (migration 11). What it keeps:
 * - an announcement is sent once its time has come (send()), in one
 *   transaction: its recipients are the roster as it is then, a push job
 *   is queued for every subscribed device of theirs, behind any reply
 *   (priority 1), so a reply is never starved by a fan-out, and `onSend`
 *   is told in the same transaction (the text queue's notices);
 * - withdrawing one takes it off every parent's list and deletes its pushes
 *   and texts not yet sent, in one transaction;
 * - a parent's first opening is kept (seen_at), later ones change nothing;
 * - a session change is one row per parent and occurrence, applied to the
 *   schedule and the reminders while its announcement stands.
 */
import { randomBytes } from 'node:crypto';
import type { AnnouncementKind } from '../../src/shared/webhook/announcements.ts';
import type { Audience } from '../../src/shared/announcements/audience.ts';
import type { AnnouncementTexts } from '../../src/shared/announcements/rules.ts';
import type { Db } from '../db/database.ts';
import type { NoticeReach } from '../db/notice-reach.ts';

export type { Audience } from '../../src/shared/announcements/audience.ts';

export interface Recipient {
  number_key: string;
  name: string;
}

/** A recipient who has not opened it yet, with how it reached them (its text notice), if it has. */
export interface UnseenRecipient extends Recipient {
  notice: NoticeReach | undefined;
}

export interface AnnouncementRow {
  id: string;
  kind: AnnouncementKind;
  title_en: string | null;
  body_en: string | null;
  title_hi: string | null;
  body_hi: string | null;
  audience_label: string;
  send_at: string;
  urgent: 0 | 1;
  created_by: string;
  created_at: string;
  sent_at: string | null;
  withdrawn_at: string | null;
  reason: string | null;
}

export interface ParentAnnouncementRow extends AnnouncementRow {
  seen_at: string | null;
}

/** One parent's occurrence changed: cancelled (moved_to null) or moved. */
export interface SessionChangeRow {
  announcement_id: string;
  number_key: string;
  starts_at: string;
  facilitator: string;
  moved_to: string | null;
}

export interface NewAnnouncement {
  kind: AnnouncementKind;
  texts: AnnouncementTexts;
  audience: Audience;
  audienceLabel: string;
  sendAt: Date;
  urgent: boolean;
  createdBy: string;
  reason?: string;
  changes?: Omit<SessionChangeRow, 'announcement_id'>[];
}

/** An announcement's push waits behind every other push that is due (0). */
const ANNOUNCEMENT_PRIORITY = 1;

/** Told inside the sending transaction, so what it writes is kept with the sending or not at all. */
export type OnAnnouncementSend = (numberKeys: readonly string[], id: string, urgent: boolean, now: Date) => void;

export function createAnnouncementStore(db: Db, { onSend }: { onSend?: OnAnnouncementSend } = {}) {
  const insert = db.prepare(`
    INSERT INTO announcements (id, kind, title_en, body_en, title_hi, body_hi, audience, audience_label, send_at,
      urgent, created_by, created_at, reason)
    VALUES (@id, @kind, @title_en, @body_en, @title_hi, @body_hi, @audience, @audience_label, @send_at, @urgent,
      @created_by, @created_at, @reason)`);
  const insertChange = db.prepare(`
    INSERT OR IGNORE INTO session_changes (announcement_id, number_key, starts_at, facilitator, moved_to)
    VALUES (?, ?, ?, ?, ?)`);
  const sendingOf = db.prepare<[string], { audience: string; urgent: 0 | 1 }>(
    'SELECT audience, urgent FROM announcements WHERE id = ?',
  );
  const everyone = db.prepare<[], Recipient>('SELECT number AS number_key, name FROM parents ORDER BY name');
  const ofFacilitator = db.prepare<[string], Recipient>(
    'SELECT number AS number_key, name FROM parents WHERE facilitator_id = ? ORDER BY name',
  );
  const ofSession = db.prepare<[number, string, string], Recipient>(`
    SELECT DISTINCT p.number AS number_key, p.name FROM parents p JOIN sessions s ON s.parent_number = p.number
    WHERE s.weekday = ? AND s.start_time = ? AND s.facilitator_id = ? ORDER BY p.name`);
  const parent = db.prepare<[string], Recipient>('SELECT number AS number_key, name FROM parents WHERE number = ?');
  const addRecipient = db.prepare(
    'INSERT OR IGNORE INTO announcement_recipients (announcement_id, number_key, name) VALUES (?, ?, ?)',
  );
  const markSent = db.prepare('UPDATE announcements SET sent_at = ? WHERE id = ?');
  const queuePushes = db.prepare(`
    INSERT INTO push_jobs (endpoint, kind, announcement_id, not_before, created_at, priority)
    SELECT s.endpoint, 'announcement', r.announcement_id, @now, @now, ${ANNOUNCEMENT_PRIORITY}
    FROM announcement_recipients r JOIN push_subscriptions s ON s.number_key = r.number_key
    WHERE r.announcement_id = @id`);
  const due = db
    .prepare<[string], string>(
      'SELECT id FROM announcements WHERE sent_at IS NULL AND withdrawn_at IS NULL AND send_at <= ? ORDER BY send_at',
    )
    .pluck();
  const withdraw = db.prepare('UPDATE announcements SET withdrawn_at = ? WHERE id = ? AND withdrawn_at IS NULL');
  const deletePushes = db.prepare('DELETE FROM push_jobs WHERE announcement_id = ?');
  // Its texts not yet sent go too: a text would link parents to an update they can no longer open.
  const deleteTexts = db.prepare(
    "DELETE FROM text_notices WHERE announcement_id = ? AND state IN ('waiting', 'queued')",
  );
  const ofParent = db.prepare<[string], ParentAnnouncementRow>(`
    SELECT a.*, r.seen_at FROM announcements a JOIN announcement_recipients r ON r.announcement_id = a.id
    WHERE r.number_key = ? AND a.sent_at IS NOT NULL AND a.withdrawn_at IS NULL
    ORDER BY a.sent_at DESC, a.created_at DESC`);
  const markSeen = db.prepare(`
    UPDATE announcement_recipients SET seen_at = coalesce(seen_at, @now)
    WHERE announcement_id = @id AND number_key = @number
      AND EXISTS (SELECT 1 FROM announcements a WHERE a.id = @id AND a.sent_at IS NOT NULL AND a.withdrawn_at IS NULL)`);
  const newest = db.prepare<[number, number], AnnouncementRow>(
    'SELECT * FROM announcements ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
  );
  const total = db.prepare<[], number>('SELECT count(*) FROM announcements').pluck();
  // How each reached its parent is its text notice's (server/push/text-store.ts): one per recipient, the push a
  // push service accepted and the text the gateway took, each with its time.
  const counts = db.prepare<[string], { recipients: number; seen: number; pushed: number; texted: number }>(`
    SELECT count(*) AS recipients, count(r.seen_at) AS seen, count(n.pushed_at) AS pushed, count(n.texted_at) AS texted
    FROM announcement_recipients r
    LEFT JOIN text_notices n ON n.announcement_id = r.announcement_id AND n.number_key = r.number_key
    WHERE r.announcement_id = ?`);
  const unseen = db.prepare<[string], Recipient & Partial<NoticeReach>>(`
    SELECT r.number_key, r.name, n.state, n.pushed_at, n.texted_at FROM announcement_recipients r
    LEFT JOIN text_notices n ON n.announcement_id = r.announcement_id AND n.number_key = r.number_key
    WHERE r.announcement_id = ? AND r.seen_at IS NULL ORDER BY r.name`);
  const one = db.prepare<[string], AnnouncementRow>('SELECT * FROM announcements WHERE id = ?');
  const changesOf = db.prepare<[string, string, string, string, string], SessionChangeRow & { reason: string }>(`
    SELECT c.*, a.reason FROM session_changes c JOIN announcements a ON a.id = c.announcement_id
    WHERE c.number_key = ? AND a.withdrawn_at IS NULL
      AND ((c.starts_at >= ? AND c.starts_at < ?) OR (c.moved_to >= ? AND c.moved_to < ?))
    ORDER BY c.starts_at`);

  // Sent changes staff withdrew: their occurrences' calendar events come back (parent-view.ts, `restored`).
  const withdrawnChangesOf = db.prepare<[string, string, string], SessionChangeRow & { reason: string }>(`
    SELECT c.*, a.reason FROM session_changes c JOIN announcements a ON a.id = c.announcement_id
    WHERE c.number_key = ? AND a.withdrawn_at IS NOT NULL AND a.sent_at IS NOT NULL AND c.starts_at >= ? AND c.starts_at < ?
    ORDER BY a.withdrawn_at`);

  const standingBetween = db.prepare<[string, string, string, string], SessionChangeRow>(`
    SELECT c.* FROM session_changes c JOIN announcements a ON a.id = c.announcement_id
    WHERE a.withdrawn_at IS NULL AND ((c.starts_at >= ? AND c.starts_at < ?) OR (c.moved_to >= ? AND c.moved_to < ?))`);

  const changesOfAnnouncement = db.prepare<[string, string], SessionChangeRow>(
    'SELECT * FROM session_changes WHERE announcement_id = ? AND number_key = ? ORDER BY starts_at',
  );

  const facilitators = db.prepare<[], { id: string; name: string }>('SELECT id, name FROM facilitators ORDER BY name');

  function resolve(audience: Audience): Recipient[] {
    switch (audience.kind) {
      case 'all':
        return everyone.all();
      case 'facilitator':
        return ofFacilitator.all(audience.id);
      case 'session':
        return ofSession.all(audience.weekday, audience.time, audience.facilitator);
      case 'parents':
        return audience.numbers.flatMap((number) => parent.get(number) ?? []);
    }
  }

  /** Resolves the recipients and queues the pushes; in the caller's transaction. How many parents it reached. */
  function sendOne(id: string, now: Date): number {
    const row = sendingOf.get(id);
    const recipients = resolve(JSON.parse(row?.audience ?? '{"kind":"parents","numbers":[]}') as Audience);
    for (const recipient of recipients) addRecipient.run(id, recipient.number_key, recipient.name);
    markSent.run(now.toISOString(), id);
    queuePushes.run({ id, now: now.toISOString() });
    onSend?.(
      recipients.map((recipient) => recipient.number_key),
      id,
      row?.urgent === 1,
      now,
    );
    return recipients.length;
  }

  return {
    resolve,
    facilitators: () => facilitators.all(),
    /** Stores an announcement (and its session changes); one whose time has come is sent in the same transaction. */
    create(input: NewAnnouncement, now: Date): string {
      const id = randomBytes(12).toString('hex');
      db.transaction(() => {
        insert.run({
          id,
          kind: input.kind,
          title_en: input.texts.en?.title ?? null,
          body_en: input.texts.en?.body ?? null,
          title_hi: input.texts.hi?.title ?? null,
          body_hi: input.texts.hi?.body ?? null,
          audience: JSON.stringify(input.audience),
          audience_label: input.audienceLabel,
          send_at: input.sendAt.toISOString(),
          urgent: input.urgent ? 1 : 0,
          created_by: input.createdBy,
          created_at: now.toISOString(),
          reason: input.reason ?? null,
        });
        for (const change of input.changes ?? []) {
          insertChange.run(id, change.number_key, change.starts_at, change.facilitator, change.moved_to);
        }
        if (input.sendAt.getTime() <= now.getTime()) sendOne(id, now);
      })();
      return id;
    },
    /** Sends every announcement whose time has come; how many. */
    sendDue(now: Date): number {
      return db.transaction(() => {
        const ids = due.all(now.toISOString());
        for (const id of ids) sendOne(id, now);
        return ids.length;
      })();
    },
    /** Takes it off every list and deletes its pushes not yet sent; false when there is none to withdraw. */
    withdraw(id: string, now: Date): boolean {
      return db.transaction(() => {
        if (withdraw.run(now.toISOString(), id).changes === 0) return false;
        deletePushes.run(id);
        deleteTexts.run(id);
        return true;
      })();
    },
    ofParent: (numberKey: string) => ofParent.all(numberKey),
    /** Keeps the first time the parent opened it; false when it is not (or no longer) one of theirs. */
    markSeen: (id: string, numberKey: string, now: Date) =>
      markSeen.run({ id, number: numberKey, now: now.toISOString() }).changes === 1,
    one: (id: string) => one.get(id),
    newest: (limit: number, offset: number) => ({ rows: newest.all(limit, offset), total: total.get() ?? 0 }),
    counts: (id: string) => counts.get(id) ?? { recipients: 0, seen: 0, pushed: 0, texted: 0 },
    unseen: (id: string): UnseenRecipient[] =>
      unseen.all(id).map(({ number_key, name, state, pushed_at = null, texted_at = null }) => ({
        number_key,
        name,
        notice: state ? { state, pushed_at, texted_at } : undefined,
      })),
    changesOfAnnouncement: (id: string, numberKey: string) => changesOfAnnouncement.all(id, numberKey),
    /** A number's session changes standing whose occurrence or new time is in [from, to) (ISO with +05:30). */
    changesOf: (numberKey: string, from: string, to: string) => changesOf.all(numberKey, from, to, from, to),
    withdrawnChangesOf: (numberKey: string, from: string, to: string) => withdrawnChangesOf.all(numberKey, from, to),
    /** Every parent's session changes standing whose occurrence or new time is in [from, to) (ISO with +05:30). */
    standingBetween: (from: string, to: string) => standingBetween.all(from, to, from, to),
  };
}

export type AnnouncementStore = ReturnType<typeof createAnnouncementStore>;
