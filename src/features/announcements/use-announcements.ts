import { useCallback, useEffect, useRef, useState } from 'react';
import { env } from '../../config/env.ts';
import { createConversationStore, EMPTY_CONVERSATION } from '../../shared/conversation/store.ts';
import { toIstIso } from '../../shared/format/ist.ts';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { OutboxStorageError } from '../../shared/outbox/errors.ts';
import { pageOutbox } from '../../shared/outbox/portal-outbox.ts';
import type { Announcement, AnnouncementsRequests } from '../../shared/webhook/announcements.ts';
import { sendToWebhook } from '../../shared/webhook/client.ts';
import { newRequestId } from '../../shared/webhook/request-id.ts';
import type { User } from '../../shared/webhook/types.ts';
import { onWorkerPush } from '../notifications/push-device.ts';
import { readAnnouncements, shownAnnouncements } from './announcement-list.ts';
import { pageAnnouncementsCache, type SavedAnnouncements } from './announcements-cache.ts';

export interface AnnouncementsState {
  /** Newest first; undefined until the saved copy has been read (and none was saved, until the first answer). */
  announcements: Announcement[] | undefined;
  /** When the list on screen was fetched. */
  fetchedAt: number | undefined;
  fetching: boolean;
  /** The last fetch got no list. */
  failed: boolean;
}

const trimmed = (user: User): User => ({ name: user.name.trim(), number: user.number.trim() });

/**
 * Asked like know_schedule, with the name and number: a parent with no
 * verified phone reads them too. A verified phone shows its token as well,
 * which a webhook that asks for a code at sign-in needs.
 */
async function askAnnouncements(user: User): Promise<Announcement[] | undefined> {
  const { token } = await createConversationStore()
    .read(user)
    .catch(() => EMPTY_CONVERSATION);
  const request: AnnouncementsRequests['list_announcements'] = {
    action: 'list_announcements',
    user: trimmed(user),
    language: activeLocale(),
  };
  const { body } = await sendToWebhook(request, { url: env.webhookUrl, ...(token && { bearer: token }) });
  return readAnnouncements(body);
}

const shown = (saved: SavedAnnouncements) => shownAnnouncements(saved.announcements, new Set(saved.seenHere));

/**
 * The parent's updates from the programme: the saved copy at once, then the
 * webhook's list, saved for the next offline visit; asked again when the
 * worker tells of an announcement's push. `markSeen` marks one seen on this
 * phone at once and sends the mark through the outbox (write-ahead, once).
 */
export function useAnnouncements(user: User | null) {
  const [state, setState] = useState<AnnouncementsState>({
    announcements: undefined,
    fetchedAt: undefined,
    fetching: false,
    failed: false,
  });
  const inFlight = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const show = useCallback((saved: SavedAnnouncements) => {
    if (live.current) setState((before) => ({ ...before, announcements: shown(saved), fetchedAt: saved.fetchedAt }));
  }, []);

  const refresh = useCallback(async () => {
    if (!user || inFlight.current) return;
    inFlight.current = true;
    setState((before) => ({ ...before, fetching: true, failed: false }));
    try {
      const list = await askAnnouncements(user).catch(() => undefined);
      if (list === undefined) {
        if (live.current) setState((before) => ({ ...before, fetching: false, failed: true }));
        return;
      }
      const cache = pageAnnouncementsCache();
      const saved = await cache
        .save(user, list, Date.now())
        .catch(() => ({ announcements: list, fetchedAt: Date.now(), seenHere: [] }));
      show(saved);
      if (live.current) setState((before) => ({ ...before, fetching: false }));
    } finally {
      inFlight.current = false;
    }
  }, [user, show]);

  useEffect(() => {
    if (!user) return undefined;
    void pageAnnouncementsCache()
      .read(user)
      .then((saved) => {
        if (saved) show(saved);
      })
      .finally(() => void refresh());
    return onWorkerPush((message) => {
      if (message.kind === 'announcement') void refresh();
    });
  }, [user, show, refresh]);

  const markSeen = useCallback(
    async (id: string) => {
      if (!user) return;
      const cache = pageAnnouncementsCache();
      // Once: only a phone that had not yet marked it, and a server that had not yet seen it, sends a mark.
      if (!(await cache.markSeen(user, id).catch(() => false))) return;
      setState((before) => ({
        ...before,
        announcements: before.announcements?.map((item) =>
          item.announcement_id === id ? { ...item, seen: true } : item,
        ),
      }));
      const envelope: AnnouncementsRequests['mark_announcement_seen'] = {
        action: 'mark_announcement_seen',
        user: trimmed(user),
        payload: { announcement_id: id },
        timestamp_ist: toIstIso(new Date()),
        request_id: newRequestId(),
        language: activeLocale(),
      };
      try {
        await pageOutbox(env.webhookUrl).submit(envelope);
      } catch (error) {
        // Not stored: the next opening marks it again. Refused (withdrawn meanwhile): nothing to send again.
        if (error instanceof OutboxStorageError) await cache.unmarkSeen(user, id).catch(() => undefined);
      }
    },
    [user],
  );

  return { ...state, refresh, markSeen };
}
