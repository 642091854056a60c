/**
 * A parent's announcements as list_announcements answers them and as this
 * phone keeps them, read defensively: an item that does not read as an
 * announcement (a webhook of another version, a damaged saved copy) is left
 * out rather than breaking the screen. Whether one is seen is the server's
 * word or this phone's: a mark made here counts at once, before (and
 * whether or not) the outbox has sent it, so the count never climbs back
 * while the mark waits for a connection.
 */
import type { Announcement, AnnouncementKind } from '../../shared/webhook/announcements.ts';
import type { SessionRef } from '../../shared/webhook/requests.ts';

const KINDS: ReadonlySet<string> = new Set<AnnouncementKind>(['announcement', 'cancelled', 'moved']);

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isMoment = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));

function isSessionRef(value: unknown): value is SessionRef {
  return (
    isObject(value) && isText(value.day) && isText(value.time) && isText(value.facilitator) && isMoment(value.starts_at)
  );
}

const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

export function isAnnouncement(value: unknown): value is Announcement {
  if (!isObject(value)) return false;
  const { announcement_id, kind, title, body, language, sent_at, urgent, seen, session, moved_to, reason } = value;
  return (
    isText(announcement_id) &&
    isText(kind) &&
    KINDS.has(kind) &&
    isText(title) &&
    isText(body) &&
    (language === 'en' || language === 'hi') &&
    isMoment(sent_at) &&
    typeof urgent === 'boolean' &&
    typeof seen === 'boolean' &&
    optional(session, isSessionRef) &&
    optional(moved_to, isSessionRef) &&
    optional(reason, isText)
  );
}

/** The announcements of a list_announcements answer (or a saved copy), or undefined when it holds no list at all. */
export function readAnnouncements(body: unknown): Announcement[] | undefined {
  const list = isObject(body) && !Array.isArray(body) ? body.announcements : body;
  return Array.isArray(list) ? list.filter(isAnnouncement) : undefined;
}

/** Newest first, each seen when the server says so or this phone marked it (`seenHere`). */
export function shownAnnouncements(
  announcements: readonly Announcement[],
  seenHere: ReadonlySet<string>,
): Announcement[] {
  return [...announcements]
    .sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at))
    .map((item) => (item.seen || !seenHere.has(item.announcement_id) ? item : { ...item, seen: true }));
}

export function unreadCount(announcements: readonly Pick<Announcement, 'seen'>[]): number {
  return announcements.filter((item) => !item.seen).length;
}
