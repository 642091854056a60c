import { useMemo } from 'react';
import { activeLocale } from '../../shared/i18n/catalog.ts';
import { withWords } from '../../shared/i18n/sentence.ts';
import type { ScheduleEntry } from '../../shared/schedule/parser.ts';
import { moveLandingAt, type SessionMove } from '../../shared/schedule/requests.ts';
import { Sentence } from '../../ui/sentence.tsx';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { AddAllToCalendar, SessionCalendarActions } from './calendar-actions.tsx';
import { useCalendarAdded } from './calendar-added.ts';
import { sessionEvent, sessionRefUid } from './calendar-event.ts';
import { sessionWhen, startsAtWhen } from './session-when.ts';
import '../../ui/lists.css';
import { scheduleText } from './messages.ts';

interface ScheduleListProps {
  entries: readonly ScheduleEntry[];
  /** When the schedule was fetched: the week its days belong to. */
  fetchedAt: number;
  /** Sessions staff moved at the parent's request: they keep the calendar event of the session they were. */
  moves: readonly SessionMove[];
}

/**
 * The week's sessions, each readable one in the page's language with its
 * calendar button, and 'Add All to Calendar' below; a line the parser could
 * not read is shown as it came, with no action. A moved session says where
 * it was, and offers to update the calendar event it replaces.
 */
export function ScheduleList({ entries, fetchedAt, moves }: ScheduleListProps) {
  const t = scheduleText();
  const { user } = useSessionUser();
  const parent = user?.number ?? '';
  const locale = activeLocale();
  const events = useMemo(
    () => entries.map((entry) => sessionEvent(entry, parent, fetchedAt, t.calendar, locale, moves)),
    [entries, parent, fetchedAt, t.calendar, locale, moves],
  );
  const { added, record } = useCalendarAdded();
  // oxlint-disable-next-line react/purity -- Today and Tomorrow as they are when the list is drawn: a saved copy may be days old
  const now = new Date();
  const readable = events.filter((event) => event !== undefined);
  if (entries.length === 0) return <p className="empty-state">{t.empty}</p>;
  return (
    <>
      <ul className="stack-list" aria-label={t.listLabel}>
        {entries.map((entry, index) => {
          const event = events[index];
          if (entry.kind !== 'session') {
            return (
              <li key={index} className="schedule-list__item schedule-list__item--raw">
                {entry.text}
              </li>
            );
          }
          const when = sessionWhen(entry, fetchedAt, now, locale);
          const move = event && moveLandingAt(moves, event.start);
          // A withdrawn change puts an occurrence back where it was: its event is updated, but it moved from nowhere.
          const movedFrom = move && Date.parse(move.uidOf.starts_at) !== move.startsAt ? move.uidOf : undefined;
          const was = movedFrom && startsAtWhen(movedFrom.starts_at, now, locale);
          return (
            // The list is replaced whole on every fetch, so positions are stable keys.
            <li key={index} className="schedule-list__item">
              <span className="schedule-list__day">
                {when.soon && <span className="schedule-list__soon">{t.soon[when.soon]}</span>}
                {when.day}
              </span>
              <span className="schedule-list__time">{when.time}</span>
              <span className="schedule-list__facilitator">
                <Sentence parts={withWords(t.withFacilitator, entry.facilitator)} />
              </span>
              {was && (
                <span className="schedule-list__moved">
                  <Sentence
                    parts={withWords(
                      (facilitator) => t.movedFrom(t.calendar.session(was.day, was.time, facilitator)),
                      movedFrom.facilitator,
                    )}
                  />
                </span>
              )}
              {event && (
                <SessionCalendarActions
                  // A move changes what the actions offer: they start again, opened when an update is due.
                  key={`${event.uid}:${event.sequence ?? 0}`}
                  event={event}
                  session={t.calendar.session(when.day, when.time, entry.facilitator)}
                  update={move ? added[sessionRefUid(parent, move.uidOf)] : undefined}
                  onAdded={(way) => record([event.uid], way)}
                />
              )}
            </li>
          );
        })}
      </ul>
      {readable.length > 0 && (
        <AddAllToCalendar
          events={readable}
          onAdded={(way) =>
            record(
              readable.map((event) => event.uid),
              way,
            )
          }
        />
      )}
    </>
  );
}
