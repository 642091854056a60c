import type { ScheduleEntry } from '../../../shared/schedule/parser.ts';
import { en } from '../messages.ts';

const t = en.schedule;

/** The week's sessions; a line the parser could not read is shown as it came. */
export function ScheduleList({ entries }: { entries: readonly ScheduleEntry[] }) {
  if (entries.length === 0) return <p className="empty-state">{t.empty}</p>;
  return (
    <ul className="stack-list" aria-label={t.listLabel}>
      {entries.map((entry, index) =>
        entry.kind === 'session' ? (
          // The list is replaced whole on every fetch, so positions are stable keys.
          <li key={index} className="schedule-list__item">
            <span className="schedule-list__day">{entry.day}</span>
            <span className="schedule-list__time">{entry.time}</span>
            <span className="schedule-list__facilitator">{t.withFacilitator(entry.facilitator)}</span>
          </li>
        ) : (
          <li key={index} className="schedule-list__item schedule-list__item--raw">
            {entry.text}
          </li>
        ),
      )}
    </ul>
  );
}
