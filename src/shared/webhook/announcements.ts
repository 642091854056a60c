/**
 * The announcements half of the webhook contract: what the programme says to
 * many parents at once, and the session changes staff make (a cancelled or a
 * moved occurrence), which reach the parents they affect as announcements.
 * `list_announcements` is asked like `know_schedule` (name and number,
 * nothing stored), so a parent with no verified phone reads them too;
 * `mark_announcement_seen` is a request like the spec's six (request_id,
 * timestamp_ist, stored once), so the outbox sends a mark made offline when
 * the phone is back online. docs/webhook-contract.md describes both and
 * their refusals.
 */
import type { SessionRef } from './requests.ts';
import type { Language, User } from './types.ts';

export type AnnouncementsAction = 'list_announcements' | 'mark_announcement_seen';

export const ANNOUNCEMENTS_ACTIONS: readonly AnnouncementsAction[] = ['list_announcements', 'mark_announcement_seen'];

export const ANNOUNCEMENT_TITLE_MAX = 80;
export const ANNOUNCEMENT_BODY_MAX = 1000;

/**
 * What an announcement is about: words staff wrote, or a change to one
 * occurrence of a weekly session (its texts are the programme's, in both
 * languages).
 */
export type AnnouncementKind = 'announcement' | 'cancelled' | 'moved';

export interface Announcement {
  announcement_id: string;
  kind: AnnouncementKind;
  /** In the language asked for when it was written in it, else in the other one; `language` says which. */
  title: string;
  body: string;
  language: Language;
  /** ISO 8601 with +05:30: when it was sent (for a scheduled one, when its time came). */
  sent_at: string;
  urgent: boolean;
  /** Whether this parent has opened it (on any device). */
  seen: boolean;
  /** cancelled and moved: the occurrence as the roster has it, before the change. */
  session?: SessionRef;
  /** moved: where the occurrence is now. */
  moved_to?: SessionRef;
  /** cancelled and moved: the reason staff gave. */
  reason?: string;
  /**
   * cancelled and moved: the calendar event to change. The UID is the
   * occurrence's original one; SEQUENCE is higher than any the portal wrote
   * for it before.
   */
  calendar?: { uid_of: SessionRef; sequence: number };
}

export interface AnnouncementsRequests {
  list_announcements: { action: 'list_announcements'; user: User; language?: Language };
  mark_announcement_seen: {
    action: 'mark_announcement_seen';
    user: User;
    payload: { announcement_id: string };
    timestamp_ist: string;
    request_id: string;
    language?: Language;
  };
}

export type AnnouncementsRequest = AnnouncementsRequests[AnnouncementsAction];

export interface AnnouncementsAnswers {
  /** Newest first; withdrawn ones and ones whose time has not come are not listed. */
  list_announcements: { announcements: Announcement[] };
  mark_announcement_seen: { seen: true; announcement_id: string };
}

/**
 * A change to one occurrence of this week's sessions, as `know_schedule`
 * answers it beside `schedule` (in its optional `changes`, for the rest of
 * the week): the schedule's lines already have it applied (a cancelled
 * occurrence is gone, a moved one is at its new time); this says what
 * changed and why, so the portal can say so. A change of an occurrence the
 * parent's confirmed request moved is not applied (the request's time
 * stands) and not told, but counts in the moved event's SEQUENCE
 * (src/shared/schedule/changes.ts). A change staff withdrew comes
 * back as `restored` while its occurrence is still ahead: nothing to tell
 * (the withdrawal made its own announcement), but the calendar event the
 * change cancelled or moved must come back with a higher SEQUENCE, or the
 * phone's calendar keeps the change.
 */
export interface ScheduleChange {
  /** The announcement that told of the change (for `restored`, of the change withdrawn). */
  announcement_id: string;
  kind: 'cancelled' | 'moved' | 'restored';
  session: SessionRef;
  moved_to?: SessionRef;
  reason: string;
}
