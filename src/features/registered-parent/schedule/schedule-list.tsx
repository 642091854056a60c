import { useMemo } from 'react';
import type { ScheduleEntry } from '../../../shared/schedule/parser.ts';
import { parentText } from '../messages.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { AddAllToCalendar, SessionCalendarActions } from './calendar-actions.tsx';
import { sessionEvent } from './calendar-event.ts';
import '../lists.css';

interface ScheduleListProps {
  entries: readonly ScheduleEntry[];
  /** When the schedule was fetched: the week its days belong to. */
  fetchedAt: number;
}

/**
 * The week's sessions, each readable one with its 'Add to calendar', and
 * 'Add all to calendar' below; a line the parser could not read is shown as
 * it came, with no action.
 */
export function ScheduleList({ entries, fetchedAt }: ScheduleListProps) {
  const t = parentText().schedule;
  const { user } = useSessionUser();
  const parent = user?.number ?? '';
  const events = useMemo(
    () => entries.map((entry) => sessionEvent(entry, parent, fetchedAt, t.calendar)),
    [entries, parent, fetchedAt, t.calendar],
  );
  const readable = events.filter((event) => event !== undefined);
  if (entries.length === 0) return <p className="empty-state">{t.empty}</p>;
  return (
    <>
      <ul className="stack-list" aria-label={t.listLabel}>
        {entries.map((entry, index) => {
          const event = events[index];
          return entry.kind === 'session' ? (
            // The list is replaced whole on every fetch, so positions are stable keys.
            <li key={index} className="schedule-list__item">
              <span className="schedule-list__day">{entry.day}</span>
              <span className="schedule-list__time">{entry.time}</span>
              <span className="schedule-list__facilitator">{t.withFacilitator(entry.facilitator)}</span>
              {event && (
                <SessionCalendarActions
                  event={event}
                  session={t.calendar.session(entry.day, entry.time, entry.facilitator)}
                />
              )}
            </li>
          ) : (
            <li key={index} className="schedule-list__item schedule-list__item--raw">
              {entry.text}
            </li>
          );
        })}
      </ul>
      {readable.length > 0 && <AddAllToCalendar events={readable} />}
    </>
  );
}
