/**
 * The announcement actions of the webhook, and what know_schedule takes
 * from the session changes:
 * - list_announcements is asked like know_schedule (name and number on the
 *   roster together, else its 404), stores nothing, and sends first any
 *   announcement whose time has come, so a list is never behind the clock;
 * - mark_announcement_seen is stored like accept_offer (a repeat of its
 *   request_id is a replay, a reuse with another body a 409); one not
 *   addressed to this parent, withdrawn or unknown is a 404. The first
 *   opening is kept, and stops a text for it (onSeen).
 * How a parent reads an announcement and the week's changes is the shared
 * parent-view.ts, which n8n's workflows bundle too.
 */
import { parentAnnouncement, scheduleChangesOf, weekOf } from '../../src/shared/announcements/parent-view.ts';
import { isValidPhone, phoneKey } from '../../src/shared/rules/phone.ts';
import { hasAllRequired } from '../../src/shared/rules/required.ts';
import type { Move, ScheduleChanges } from '../../src/shared/schedule/week.ts';
import type {
  Announcement,
  AnnouncementsAnswers,
  AnnouncementsRequest,
  AnnouncementsRequests,
} from '../../src/shared/webhook/announcements.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { RequestStore } from '../db/request-store.ts';
import type { Outcome } from '../http/outcome.ts';
import type { Roster } from '../roster/roster-store.ts';
import { fingerprint } from '../webhook/fingerprint.ts';
import type { AnnouncementStore, ParentAnnouncementRow } from './store.ts';

export function createAnnouncementActions(deps: {
  store: AnnouncementStore;
  requests: RequestStore;
  roster: Roster;
  clock: () => Date;
  /** Announcements were sent (their pushes queued): the sender should look. */
  onSent?: () => void;
  /** The parent opened one (first or again): no text goes for it. */
  onSeen?: (numberKey: string, id: string, now: Date) => void;
}) {
  const { store, requests, roster, clock, onSent, onSeen } = deps;
  const refuse = (status: number, text: string): Outcome => ({ status, text });

  function announcementOf(row: ParentAnnouncementRow, numberKey: string, language: Language): Announcement {
    const [change] = row.kind === 'announcement' ? [] : store.changesOfAnnouncement(row.id, numberKey);
    const view = { ...row, sent_at: row.sent_at ?? row.send_at, urgent: row.urgent === 1, seen: row.seen_at !== null };
    return parentAnnouncement({ ...view, change: change ?? null }, language);
  }

  const list = (request: AnnouncementsRequests['list_announcements']): Outcome => {
    const language = request.language ?? 'en';
    const numberKey = phoneKey(request.user.number);
    if (!roster.find(request.user) || !numberKey) return refuse(404, answerText(language, 'notOnRoster'));
    if (store.sendDue(clock()) > 0) onSent?.();
    const body: AnnouncementsAnswers['list_announcements'] = {
      announcements: store.ofParent(numberKey).map((row) => announcementOf(row, numberKey, language)),
    };
    return { status: 200, json: JSON.stringify(body), replayed: false };
  };

  const markSeen = async (raw: AnnouncementsRequests['mark_announcement_seen']): Promise<Outcome> => {
    const request = { ...raw, request_id: raw.request_id.toLowerCase() };
    const language = request.language ?? 'en';
    const bodyHash = fingerprint(request, []);
    const previous = requests.find(request.request_id);
    if (previous) {
      if (previous.bodyHash !== bodyHash) return refuse(409, answerText(language, 'reusedRequestId'));
      await previous.stored;
      return { status: previous.answer.status, json: previous.answer.body, replayed: true };
    }
    const numberKey = phoneKey(request.user.number);
    const id = request.payload.announcement_id;
    const theirs =
      numberKey !== undefined &&
      roster.find(request.user) !== undefined &&
      store.ofParent(numberKey).some((row) => row.id === id);
    if (!theirs || !numberKey) return refuse(404, answerText(language, 'announcementNotFound'));
    const now = clock();
    const body: AnnouncementsAnswers['mark_announcement_seen'] = { seen: true, announcement_id: id };
    const json = JSON.stringify(body);
    await requests.save({
      requestId: request.request_id,
      bodyHash,
      action: request.action,
      userName: request.user.name,
      userNumber: request.user.number,
      payload: request.payload,
      note: undefined,
      message: undefined,
      preferredTimes: undefined,
      language: request.language,
      timestampIst: request.timestamp_ist,
      receivedAt: now,
      attachments: [],
      threadText: undefined,
      verifiedDevice: false,
      answer: { status: 200, body: json },
      alsoWrite: () => {
        store.markSeen(id, numberKey, now);
        onSeen?.(numberKey, id, now);
      },
    });
    return { status: 200, json, replayed: false };
  };

  return {
    handle(request: AnnouncementsRequest): Promise<Outcome> {
      const language = request.language ?? 'en';
      if (!hasAllRequired(request.user.name, request.user.number)) {
        return Promise.resolve(refuse(400, answerText(language, 'nameAndNumberRequired')));
      }
      if (!isValidPhone(request.user.number)) return Promise.resolve(refuse(400, answerText(language, 'invalidPhone')));
      return request.action === 'list_announcements' ? Promise.resolve(list(request)) : markSeen(request);
    },
    /**
     * The session changes standing in the week of `now` (Monday to Sunday,
     * India) for know_schedule: the cancelled occurrences and the moves to
     * apply to the schedule's lines, and the changes to tell of, those whose
     * occurrence or new time is still ahead. An occurrence the number's
     * confirmed request moved (`requestMoves`) keeps the request's time.
     */
    scheduleChanges(numberKey: string, now: Date, requestMoves: readonly Move[]): ScheduleChanges {
      const { from, to } = weekOf(now);
      return scheduleChangesOf(
        store.changesOf(numberKey, from, to),
        now,
        store.withdrawnChangesOf(numberKey, from, to),
        requestMoves,
      );
    },
  };
}

export type AnnouncementActions = ReturnType<typeof createAnnouncementActions>;
