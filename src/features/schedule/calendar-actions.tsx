import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { googleCalendarLink, type CalendarEvent } from './calendar-event.ts';
import { ICS_MEDIA_TYPE, writeCalendar } from './ics.ts';
import { scheduleText } from './messages.ts';

/** Long enough for any phone to have handed the file over; the URL is freed after. */
const REVOKE_AFTER_MS = 60_000;

/** Saves the events as one .ics file, made from what is on screen: no network involved. */
function downloadCalendar(events: readonly CalendarEvent[], fileName: string): void {
  const blob = new Blob([writeCalendar(events, new Date())], { type: ICS_MEDIA_TYPE });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * One session's calendar button: a quiet icon (its name says 'Add to
 * calendar: …' to a screen reader), beside the session rather than a row of
 * its own, opening onto the two ways in (Google's form in a new tab, or a
 * file any calendar app opens). 'Add All to Calendar' below the list is the
 * one that stands out.
 */
export function SessionCalendarActions({ event, session }: { event: CalendarEvent; session: string }) {
  const t = scheduleText().calendar;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <div className="calendar-actions">
      <Button
        variant="ghost"
        className="calendar-actions__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t.addSession(session)}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className="calendar-glyph" aria-hidden="true" />
        <span className="calendar-actions__chevron" aria-hidden="true" />
      </Button>
      <div id={menuId} className="calendar-actions__menu" hidden={!open}>
        <a
          className="button button--secondary calendar-actions__choice"
          href={googleCalendarLink(event)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.googleSession(session)}
        >
          {t.google}
        </a>
        <Button
          variant="secondary"
          className="calendar-actions__choice"
          aria-label={t.downloadSession(session)}
          onClick={() => downloadCalendar([event], event.fileName)}
        >
          {t.download}
        </Button>
      </div>
    </div>
  );
}

/** Below the list: every readable session in one file. */
export function AddAllToCalendar({ events }: { events: readonly CalendarEvent[] }) {
  const t = scheduleText().calendar;
  const hintId = useId();
  return (
    <div className="calendar-all">
      <Button
        variant="secondary"
        className="button--block"
        aria-describedby={hintId}
        onClick={() => downloadCalendar(events, t.allFile)}
      >
        <span className="calendar-glyph" aria-hidden="true" />
        {t.addAll}
      </Button>
      <p id={hintId} className="calendar-all__hint">
        {t.addAllHint(events.length)}
      </p>
    </div>
  );
}
