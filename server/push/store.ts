/**
 * The one owner of the push tables (migrations 8 and 13): a device's settings
 * and subscription, keyed by its token's hash and removed with the token; the
 * parent's settings, keyed by their number, which outlive their tokens (see
 * saveSettings) and go with the parent (server/db/erase.ts,
 * server/roster/roster-admin.ts); and the durable queue of push jobs. A staff
 * reply's jobs are added by the `push_staff_reply` trigger in the reply's
 * transaction; reminders and request updates are added here. A job is
 * deleted only once its push is answered, so a crash before that sends it
 * again at the next start. A job held for the end of the quiet hours is
 * marked so: a change of the device's settings makes it due again at once.
 * Due jobs are taken by priority first: an announcement's (queued by
 * server/announcements/store.ts) come after every other due push, so a
 * fan-out to thousands never delays a reply.
 */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEVICE_ONLY_SETTINGS,
  type NotificationSettings,
  type PushMessage,
  type PushSubscriptionJson,
} from '../../src/shared/webhook/push.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import type { Db } from '../db/database.ts';

export interface DeviceSettings {
  settings: NotificationSettings;
  language: Language;
}

export interface PushTarget {
  endpoint: string;
  /** When the device's token ends: its pushes end with it. */
  token_expires_at: string;
  number_key: string;
  p256dh: string;
  auth: string;
  settings: string | null;
  language: Language | null;
}

export interface PushJob extends PushTarget {
  id: number;
  kind: PushMessage['kind'];
  message_id: number | null;
  payload: string | null;
  expires_at: string | null;
  attempts: number;
  /** A reply's author and text (null for other kinds, or when the message is gone). */
  staff_name: string | null;
  text: string | null;
  /** An announcement's id, texts and urgency (null for other kinds, or when it is withdrawn). */
  announcement_id: string | null;
  title_en: string | null;
  body_en: string | null;
  title_hi: string | null;
  body_hi: string | null;
  urgent: 0 | 1 | null;
}

/** Stored settings over the defaults: a setting added later reads as its default for older rows. */
export function readSettings(json: string | null): NotificationSettings {
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...(json ? (JSON.parse(json) as Partial<NotificationSettings>) : {}) };
}

/** The settings that are the parent's: all but a phone's own (DEVICE_ONLY_SETTINGS). */
const parentsPart = (settings: Partial<NotificationSettings>): Partial<NotificationSettings> =>
  Object.fromEntries(
    Object.entries(settings).filter(([name]) => !DEVICE_ONLY_SETTINGS.includes(name as keyof NotificationSettings)),
  );

const TARGET = `s.endpoint, t.expires_at AS token_expires_at, s.number_key, s.p256dh, s.auth, p.settings, p.language`;
const TARGETS = `push_subscriptions s
  JOIN parent_tokens t ON t.token_hash = s.token_hash
  LEFT JOIN push_settings p ON p.token_hash = s.token_hash`;

export function createPushStore(db: Db) {
  type SavedSettings = { settings: string; language: Language };
  const deviceSettings = db.prepare<[string], SavedSettings>(
    'SELECT settings, language FROM push_settings WHERE token_hash = ?',
  );
  const parentSettings = db.prepare<[string], SavedSettings>(
    'SELECT settings, language FROM parent_settings WHERE number_key = ?',
  );
  const parentSettingsOfToken = db.prepare<[string], SavedSettings>(`
    SELECT s.settings, s.language FROM parent_tokens t JOIN parent_settings s ON s.number_key = t.number_key
    WHERE t.token_hash = ?`);
  // Read when asked rather than copied when a token is issued, so the rule has one home and holds for every token
  // however it was made. A subscribed device always has its own row (push_subscribe saves its settings), so the
  // sender's joins below read that alone.
  const savedSettings = (tokenHash: string) => deviceSettings.get(tokenHash) ?? parentSettingsOfToken.get(tokenHash);
  const upsertSettings = db.prepare(`
    INSERT INTO push_settings (token_hash, settings, language, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (token_hash) DO UPDATE SET settings = excluded.settings, language = excluded.language,
      updated_at = excluded.updated_at`);
  const upsertParentSettings = db.prepare(`
    INSERT INTO parent_settings (number_key, settings, language, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (number_key) DO UPDATE SET settings = excluded.settings, language = excluded.language,
      updated_at = excluded.updated_at`);
  const subscriptionCount = db
    .prepare<[string], number>('SELECT count(*) FROM push_subscriptions WHERE token_hash = ?')
    .pluck();
  const deleteOfToken = db.prepare('DELETE FROM push_subscriptions WHERE token_hash = ?');
  const upsertSubscription = db.prepare(`
    INSERT INTO push_subscriptions (endpoint, token_hash, number_key, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (endpoint) DO UPDATE SET token_hash = excluded.token_hash, number_key = excluded.number_key,
      p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`);
  const deleteEndpoint = db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?');
  const targetsOfNumber = db.prepare<[string], PushTarget>(`
    SELECT ${TARGET} FROM ${TARGETS} WHERE s.number_key = ?`);
  const allTargets = db.prepare<[], PushTarget>(`
    SELECT ${TARGET} FROM ${TARGETS} ORDER BY s.number_key`);
  const insertJob = db.prepare(`
    INSERT INTO push_jobs (endpoint, kind, payload, not_before, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const markReminder = db.prepare(
    'INSERT OR IGNORE INTO push_reminders_sent (endpoint, reminder_key, queued_at) VALUES (?, ?, ?)',
  );
  const forgetReminders = db.prepare('DELETE FROM push_reminders_sent WHERE queued_at < ?');
  const dueJobs = db.prepare<[string, number], PushJob>(`
    SELECT j.id, j.kind, j.message_id, j.payload, j.expires_at, j.attempts, ${TARGET}, m.staff_name, m.text,
      a.id AS announcement_id, a.title_en, a.body_en, a.title_hi, a.body_hi, a.urgent
    FROM push_jobs j
      JOIN push_subscriptions s ON s.endpoint = j.endpoint
      JOIN parent_tokens t ON t.token_hash = s.token_hash
      LEFT JOIN push_settings p ON p.token_hash = s.token_hash
      LEFT JOIN thread_messages m ON m.id = j.message_id
      LEFT JOIN announcements a ON a.id = j.announcement_id AND a.withdrawn_at IS NULL
    WHERE j.not_before <= ? ORDER BY j.priority, j.not_before, j.id LIMIT ?`);
  const nextDue = db.prepare<[], string>('SELECT min(not_before) FROM push_jobs').pluck();
  const deleteJob = db.prepare('DELETE FROM push_jobs WHERE id = ?');
  const retryJob = db.prepare('UPDATE push_jobs SET attempts = attempts + 1, not_before = ?, held = 0 WHERE id = ?');
  const holdJob = db.prepare('UPDATE push_jobs SET not_before = ?, held = 1 WHERE id = ?');
  const releaseHeld = db.prepare(`
    UPDATE push_jobs SET not_before = ?, held = 0
    WHERE held = 1 AND endpoint IN (SELECT endpoint FROM push_subscriptions WHERE token_hash = ?)`);

  return {
    /**
     * This device's settings and language: its own once it saved any; before, its parent's (a phone's own settings
     * at their default); the defaults (and English) before the parent saved any.
     */
    settings(tokenHash: string): DeviceSettings {
      const row = savedSettings(tokenHash);
      return { settings: readSettings(row?.settings ?? null), language: row?.language ?? 'en' };
    },
    /**
     * Saves `change` over the device's settings (as settings() reads them), with the language, as the device's own;
     * and, in the same transaction, over the parent's, so what the parent chose outlives this token: every setting
     * but show_text, a choice for this one phone (it may be shared), which a phone signed in again starts at its
     * default (DEVICE_ONLY_SETTINGS). A save that names no setting changes neither's settings (a phone that only
     * reads its settings never undoes what the parent chose on another). When the device's settings change, its held
     * jobs are due now, for the sender to decide again. The device's settings saved, and how many jobs that released.
     */
    saveSettings(
      device: { hash: string; numberKey: string },
      change: Partial<NotificationSettings>,
      language: Language,
      now: Date,
    ): { settings: NotificationSettings; released: number } {
      return db.transaction(() => {
        const at = now.toISOString();
        const before = readSettings(savedSettings(device.hash)?.settings ?? null);
        const settings = { ...before, ...change };
        upsertSettings.run(device.hash, JSON.stringify(settings), language, at);
        const parents = parentSettings.get(device.numberKey);
        const base = parents ? (JSON.parse(parents.settings) as Partial<NotificationSettings>) : before;
        const parentsNow = { ...parentsPart(base), ...parentsPart(change) };
        upsertParentSettings.run(device.numberKey, JSON.stringify(parentsNow), language, at);
        const changed = (Object.keys(settings) as (keyof NotificationSettings)[]).some(
          (name) => settings[name] !== before[name],
        );
        return { settings, released: changed ? releaseHeld.run(at, device.hash).changes : 0 };
      })();
    },
    isSubscribed: (tokenHash: string) => (subscriptionCount.get(tokenHash) ?? 0) > 0,
    /**
     * This device's one subscription: a browser has one per site, so a new
     * one replaces the device's earlier one, and an endpoint another token
     * had (the phone's previous parent) now belongs to this token alone.
     */
    subscribe(tokenHash: string, numberKey: string, subscription: PushSubscriptionJson, now: Date): void {
      db.transaction(() => {
        deleteOfToken.run(tokenHash);
        const { endpoint, keys } = subscription;
        upsertSubscription.run(endpoint, tokenHash, numberKey, keys.p256dh, keys.auth, now.toISOString());
      })();
    },
    unsubscribe: (tokenHash: string) => deleteOfToken.run(tokenHash).changes,
    /** The push service said the subscription is gone (404, 410): it goes, with its jobs. */
    removeEndpoint: (endpoint: string) => void deleteEndpoint.run(endpoint),
    targetsOfNumber: (numberKey: string) => targetsOfNumber.all(numberKey),
    allTargets: () => allTargets.all(),
    /** How many of these numbers have a device whose announcements would be pushed (live token, setting on). */
    reach(numberKeys: readonly string[], now: Date): number {
      const on = new Set(
        allTargets
          .all()
          .filter((t) => Date.parse(t.token_expires_at) > now.getTime() && readSettings(t.settings).announcements)
          .map((t) => t.number_key),
      );
      return numberKeys.filter((number) => on.has(number)).length;
    },
    /** Queues a push whose payload is known now (a reminder, a request update). */
    enqueue(endpoint: string, message: PushMessage, notBefore: Date, expiresAt: Date | undefined, now: Date): void {
      insertJob.run(
        endpoint,
        message.kind,
        JSON.stringify(message),
        notBefore.toISOString(),
        expiresAt?.toISOString() ?? null,
        now.toISOString(),
      );
    },
    /** Keeps a reminder's key for the endpoint; false when it was kept already (queued before). */
    markReminder: (endpoint: string, key: string, now: Date) =>
      markReminder.run(endpoint, key, now.toISOString()).changes === 1,
    forgetRemindersBefore: (before: Date) => void forgetReminders.run(before.toISOString()),
    dueJobs: (now: Date, limit: number) => dueJobs.all(now.toISOString(), limit),
    /** When the earliest waiting job is due, or undefined when none waits. */
    nextDue(): Date | undefined {
      const at = nextDue.get();
      return at ? new Date(at) : undefined;
    },
    done: (id: number) => void deleteJob.run(id),
    retry: (id: number, at: Date) => void retryJob.run(at.toISOString(), id),
    /** Holds the job until the quiet hours end. */
    hold: (id: number, until: Date) => void holdJob.run(until.toISOString(), id),
    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type PushStore = ReturnType<typeof createPushStore>;
