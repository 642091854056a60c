import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import type { AddedWay } from './calendar-added.ts';
import { googleCalendarLink, type CalendarEvent } from './calendar-event.ts';
import { ICS_MEDIA_TYPE, writeCalendar, type IcsMethod } from './ics.ts';
import { scheduleText } from './messages.ts';

/** Long enough for any phone to have handed the file over; the URL is freed after. */
const REVOKE_AFTER_MS = 60_000;

/** Saves the events as one .ics file, made from what is on screen: no network involved. */
function downloadCalendar(events: readonly CalendarEvent[], fileName: string, method: IcsMethod = 'PUBLISH'): void {
  const blob = new Blob([writeCalendar(events, new Date(), method)], { type: ICS_MEDIA_TYPE });
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
 *
 * A session staff moved, whose old event the parent added from this phone
 * (`update`: how), offers the update at once: its choices open, the way
 * they used first, with a line saying what that way does to the old event.
 */
export function SessionCalendarActions({
  event,
  session,
  update,
  onAdded,
}: {
  event: CalendarEvent;
  session: string;
  update?: AddedWay | undefined;
  onAdded: (way: AddedWay) => void;
}) {
  const t = scheduleText().calendar;
  const [open, setOpen] = useState(update !== undefined);
  const menuId = useId();
  const google = (
    <a
      key="google"
      className="button button--secondary calendar-actions__choice"
      href={googleCalendarLink(event)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t.googleSession(session)}
      onClick={() => onAdded('google')}
    >
      {t.google}
    </a>
  );
  const file = (
    <Button
      key="file"
      variant="secondary"
      className="calendar-actions__choice"
      aria-label={t.downloadSession(session)}
      onClick={() => {
        downloadCalendar([event], event.fileName);
        onAdded('file');
      }}
    >
      {t.download}
    </Button>
  );
  return (
    <div className="calendar-actions">
      <Button
        variant="ghost"
        className="calendar-actions__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={update ? t.updateSession(session) : t.addSession(session)}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className="calendar-glyph" aria-hidden="true" />
        <span className="calendar-actions__chevron" aria-hidden="true" />
      </Button>
      <div id={menuId} className="calendar-actions__menu" hidden={!open}>
        {update && <p className="calendar-actions__update">{t.updateHint[update]}</p>}
        {update === 'file' ? [file, google] : [google, file]}
      </div>
    </div>
  );
}

/** Below the list: every readable session in one file. */
export function AddAllToCalendar({
  events,
  onAdded,
}: {
  events: readonly CalendarEvent[];
  onAdded: (way: AddedWay) => void;
}) {
  const t = scheduleText().calendar;
  const hintId = useId();
  return (
    <div className="calendar-all">
      <Button
        variant="secondary"
        className="button--block"
        aria-describedby={hintId}
        onClick={() => {
          downloadCalendar(events, t.allFile);
          onAdded('file');
        }}
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

/**
 * A session the programme cancelled, whose event the parent added from this
 * phone (`way`): a file added it, so a file cancels it (the same UID, a
 * higher SEQUENCE); Google's form added it, and only Google Calendar can
 * delete it, which the line says.
 */
export function CancelInCalendar({ event, session, way }: { event: CalendarEvent; session: string; way: AddedWay }) {
  const t = scheduleText().calendar;
  const hintId = useId();
  return (
    <div className="calendar-cancel">
      {way === 'file' && (
        <Button
          variant="secondary"
          aria-label={t.cancelSession(session)}
          aria-describedby={hintId}
          onClick={() => downloadCalendar([event], event.fileName, 'CANCEL')}
        >
          {t.cancel}
        </Button>
      )}
      <p id={hintId} className="calendar-actions__update">
        {t.cancelHint[way]}
      </p>
    </div>
  );
}
