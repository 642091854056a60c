/**
 * An iCalendar file (RFC 5545) written by hand: a few lines do what a library
 * would add kilobytes for. Times are UTC (no VTIMEZONE needed), lines end in
 * CRLF and fold at 75 octets without splitting a UTF-8 character, TEXT values
 * are escaped, and METHOD:PUBLISH with a stable UID per session lets a
 * calendar app update an event it already holds instead of adding it again;
 * a session staff moved keeps its UID and carries a higher SEQUENCE, so the
 * app takes the new time over the one it holds. A session the programme
 * cancelled goes as METHOD:CANCEL with the same UID, STATUS:CANCELLED and a
 * higher SEQUENCE, and no reminder: the app cancels the event it holds.
 */

export const ICS_MEDIA_TYPE = 'text/calendar;charset=utf-8';
export const REMINDER_MINUTES = 30;
const PRODID = '-//Thrive//Parent Portal//EN';
const MAX_OCTETS = 75;

export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  title: string;
  details: string;
  /** RFC 5545 §3.8.7.4: the event's revision, written only once it has changed (0 is the default). */
  sequence?: number;
  /** The programme cancelled it: the file cancels the event (writeCalendar's 'CANCEL'). */
  cancelled?: boolean;
}

/** RFC 5546: PUBLISH adds or updates the events, CANCEL cancels them. */
export type IcsMethod = 'PUBLISH' | 'CANCEL';

/** 20261125T113000Z: the UTC form both iCalendar and Google Calendar links read. */
export function icsUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
}

/** RFC 5545 §3.3.11: backslash, comma, semicolon and line breaks escaped; other control characters dropped. */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/[,;]/g, (mark) => `\\${mark}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // oxlint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** RFC 5545 §3.1: at most 75 octets a line; a continuation starts with one space, which counts. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0) ?? 0);
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const title = escapeText(event.title);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${title}`,
    `DESCRIPTION:${escapeText(event.details)}`,
    // A cancelled session reminds nobody.
    ...(event.cancelled
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${title}`, `TRIGGER:-PT${REMINDER_MINUTES}M`, 'END:VALARM']),
    'END:VEVENT',
  ];
}

/** One VCALENDAR holding one VEVENT per event; `stampedAt` is when the file was made. */
export function writeCalendar(events: readonly IcsEvent[], stampedAt: Date, method: IcsMethod = 'PUBLISH'): string {
  const stamp = icsUtc(stampedAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
