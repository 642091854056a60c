import { useId } from 'react';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { withWords } from '../../shared/i18n/sentence.ts';
import { toldChanges } from '../../shared/schedule/changes.ts';
import type { SessionMove } from '../../shared/schedule/requests.ts';
import type { ScheduleChange } from '../../shared/webhook/announcements.ts';
import { Sentence } from '../../ui/sentence.tsx';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { CancelInCalendar } from './calendar-actions.tsx';
import { useCalendarAdded } from './calendar-added.ts';
import { cancelledEvent, sessionRefUid } from './calendar-event.ts';
import { scheduleText } from './messages.ts';
import { startsAtWhen } from './session-when.ts';

interface ScheduleChangesProps {
  /** The programme's changes, withdrawn ones included: those are not told of, but count in a cancellation's SEQUENCE. */
  changes: readonly ScheduleChange[];
  /** The requests' moves: a change of an occurrence one of them moved is not told of, nor offered to the calendar. */
  requestMoves: readonly SessionMove[];
}

/**
 * What the programme changed this week and why, one line a change: 'Wednesday,
 * 25 Nov 4:00 PM with Priya Sharma is cancelled: Diwali', or '… moves to
 * Thursday, 26 Nov 5:00 PM: …'. The facilitator's name and the reason are
 * staff's words, isolated by direction. A cancelled session the parent added
 * to a calendar from this phone is offered as a cancellation; a moved one's
 * update is offered on its line in the list, as a request's move is. A change
 * of a session the parent's confirmed request moved is left out: their
 * session is where the request put it, and its event, which has the same UID,
 * stays (the announcement is still in their updates).
 */
export function ScheduleChanges({ changes, requestMoves }: ScheduleChangesProps) {
  const t = scheduleText();
  const { added } = useCalendarAdded();
  const headingId = useId();
  const { user } = useSessionUser();
  const parent = user?.number ?? '';
  const locale = activeLocale();
  const told = toldChanges(changes, requestMoves);
  if (told.length === 0) return null;
  // oxlint-disable-next-line react/purity -- today and tomorrow as they are when the changes are drawn: a saved copy may be days old
  const now = new Date();
  return (
    <section className="schedule-changes" aria-labelledby={headingId}>
      <h2 id={headingId} className="schedule-changes__title">
        {t.changesTitle}
      </h2>
      <ul className="stack-list">
        {told.map((change) => {
          const was = startsAtWhen(change.session.starts_at, now, locale);
          const to = change.moved_to && startsAtWhen(change.moved_to.starts_at, now, locale);
          const named = (facilitator: string) => t.calendar.session(was.day, was.time, facilitator);
          const words = to
            ? withWords((f, r) => t.moved(named(f), to.day, to.time, r), change.session.facilitator, change.reason)
            : withWords((f, r) => t.cancelled(named(f), r), change.session.facilitator, change.reason);
          const way = change.kind === 'cancelled' ? added[sessionRefUid(parent, change.session)] : undefined;
          return (
            <li key={change.announcement_id} className={`schedule-change schedule-change--${change.kind}`}>
              <p className="schedule-change__text">
                <Sentence parts={words} />
              </p>
              {way && (
                <CancelInCalendar
                  event={cancelledEvent(change.session, parent, changes, t.calendar, locale)}
                  session={named(change.session.facilitator)}
                  way={way}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
