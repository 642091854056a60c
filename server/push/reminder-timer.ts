/**
 * The reminder timer: once a minute it finds, for every subscribed device
 * whose reminders are on, the reminders of its parent's roster sessions
 * that are due (src/shared/push/reminders.ts: not in the device's quiet
 * hours, not more than a few minutes late), and queues each once: its key is
 * kept with the job in one transaction. The programme's session changes
 * apply: a cancelled occurrence has no reminder, a moved one's come before
 * its new time; so do the parent's confirmed requests' moves, which stand
 * over the programme's change of the same occurrence (withRequestMoves).
 * The clock is injected, so a test
 * calls tick() at any moment it likes; the server calls it every minute
 * (server/push/service.ts).
 */
import { formatClockTime, formatIstWeekdayDate } from '../../src/shared/format/ist-zone.ts';
import { toIstIso } from '../../src/shared/format/ist.ts';
import {
  dueRemindersWithChanges,
  type OccurrenceChange,
  type Reminder,
  type WeeklySessionTime,
} from '../../src/shared/push/reminders.ts';
import type { PushMessage } from '../../src/shared/webhook/push.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import type { WeeklySession } from '../../src/shared/schedule/week.ts';
import type { Roster } from '../roster/roster-store.ts';
import { readSettings, type PushStore } from './store.ts';

/** A queued reminder's key is kept this long: longer than any reminder stays due. */
const KEYS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/** A reminder as a push: the session in the schedule's own words, which the service worker puts in `language`. */
export function reminderMessage(reminder: Reminder<WeeklySessionTime>, language: Language): PushMessage {
  return {
    kind: 'reminder',
    session: {
      day: formatIstWeekdayDate(reminder.startsAt),
      time: formatClockTime(reminder.session.time),
      facilitator: reminder.session.facilitator,
    },
    lead: reminder.lead,
    starts_at: toIstIso(reminder.startsAt),
    language,
  };
}

export interface ReminderTimerDeps {
  store: PushStore;
  roster: Pick<Roster, 'sessionsOf'>;
  /** The changes to a number's occurrences (withRequestMoves): none for a changed one, a moved one's follow it. */
  changesOf?: (numberKey: string, now: Date) => readonly OccurrenceChange[];
  clock: () => Date;
  /** Reminders were queued: the sender should look. */
  onQueued: () => void;
}

export function createReminderTimer({ store, roster, clock, onQueued, changesOf }: ReminderTimerDeps) {
  /** Queues the reminders due now; how many it queued. */
  function tick(): number {
    const now = clock();
    const sessions = new Map<string, WeeklySession[]>();
    const sessionsOf = (numberKey: string) => {
      let found = sessions.get(numberKey);
      if (!found) sessions.set(numberKey, (found = roster.sessionsOf(numberKey)));
      return found;
    };
    const changes = new Map<string, readonly OccurrenceChange[]>();
    const changesNow = (numberKey: string) => {
      let found = changes.get(numberKey);
      if (!found) changes.set(numberKey, (found = changesOf?.(numberKey, now) ?? []));
      return found;
    };
    const queued = store.transaction(() => {
      let count = 0;
      for (const target of store.allTargets()) {
        const settings = readSettings(target.settings);
        if (!settings.reminders || Date.parse(target.token_expires_at) <= now.getTime()) continue;
        for (const reminder of dueRemindersWithChanges(
          sessionsOf(target.number_key),
          changesNow(target.number_key),
          settings,
          now,
        )) {
          if (!store.markReminder(target.endpoint, reminder.key, now)) continue;
          store.enqueue(
            target.endpoint,
            reminderMessage(reminder, target.language ?? 'en'),
            now,
            reminder.startsAt,
            now,
          );
          count += 1;
        }
      }
      store.forgetRemindersBefore(new Date(now.getTime() - KEYS_KEPT_MS));
      return count;
    });
    if (queued > 0) onQueued();
    return queued;
  }

  return { tick };
}
