import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  /** SEQUENCE: 0 when the file leaves it out. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  stamp: Date;
  /** The reminder's offset from the start, in seconds (negative: before). */
  reminder: number | undefined;
  reminderAction: unknown;
  /** STATUS: 'CANCELLED' for a cancelled event, undefined when the file leaves it out. */
  status: unknown;
}

/** Reads an .ics file with ical.js, a real iCalendar parser, rather than with our own assumptions. */
export function parseIcs(text: string): { method: unknown; version: unknown; prodid: unknown; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarm = vevent.getFirstSubcomponent('valarm');
    const trigger = alarm?.getFirstPropertyValue('trigger');
    const stamp = vevent.getFirstPropertyValue('dtstamp');
    return {
      uid: event.uid,
      sequence: event.sequence ?? 0,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      description: event.description,
      stamp: stamp instanceof ICAL.Time ? stamp.toJSDate() : new Date(NaN),
      reminder: trigger instanceof ICAL.Duration ? trigger.toSeconds() : undefined,
      reminderAction: alarm?.getFirstPropertyValue('action'),
      status: vevent.getFirstPropertyValue('status') ?? undefined,
    };
  });
  return {
    method: calendar.getFirstPropertyValue('method'),
    version: calendar.getFirstPropertyValue('version'),
    prodid: calendar.getFirstPropertyValue('prodid'),
    events,
  };
}

/** A Google Calendar `dates` half, 20261125T113000Z, as an instant (read here, not with the code under test). */
export function googleInstant(stamp: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  if (!match) throw new Error(`not a UTC stamp: ${stamp}`);
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0));
}
