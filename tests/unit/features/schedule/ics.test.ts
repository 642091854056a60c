import { describe, expect, it } from 'vitest';
import { writeCalendar, type IcsEvent } from '../../../../src/features/schedule/ics.ts';
import { parseIcs } from '../../../support/ical.ts';

const STAMPED_AT = new Date('2026-11-23T04:30:00Z');

function event(overrides: Partial<IcsEvent> = {}): IcsEvent {
  return {
    uid: 'session-1@test',
    start: new Date('2026-11-25T11:30:00Z'),
    end: new Date('2026-11-25T12:30:00Z'),
    title: 'Thrive session with Priya Sharma',
    details: 'From your schedule',
    ...overrides,
  };
}

/** Every physical line of the file as raw UTF-8 octets, split at CRLF. */
function octetLines(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const lines: Uint8Array[] = [];
  let from = 0;
  for (let index = 0; index < bytes.length - 1; index += 1) {
    if (bytes[index] === 0x0d && bytes[index + 1] === 0x0a) {
      lines.push(bytes.slice(from, index));
      from = index + 2;
    }
  }
  expect(from, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

describe('writeCalendar', () => {
  it('writes a calendar any app reads: version, product, PUBLISH, stamp, one event per session', () => {
    const text = writeCalendar([event(), event({ uid: 'session-2@test' })], STAMPED_AT);
    const parsed = parseIcs(text);
    expect(parsed.version).toBe('2.0');
    expect(parsed.prodid).toMatch(/Thrive/);
    expect(parsed.method).toBe('PUBLISH');
    expect(parsed.events.map((e) => e.uid)).toEqual(['session-1@test', 'session-2@test']);
    expect(parsed.events[0]?.stamp).toEqual(STAMPED_AT);
    expect(parsed.events[0]?.start).toEqual(new Date('2026-11-25T11:30:00Z'));
    expect(parsed.events[0]?.end).toEqual(new Date('2026-11-25T12:30:00Z'));
  });

  it('ends every line with CRLF and writes times in UTC', () => {
    const text = writeCalendar([event()], STAMPED_AT);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('\r\nDTSTART:20261125T113000Z\r\n');
    expect(text).toContain('\r\nDTEND:20261125T123000Z\r\n');
  });

  it('cancels an event by its UID: METHOD:CANCEL, STATUS:CANCELLED, its SEQUENCE, and no reminder', () => {
    const parsed = parseIcs(writeCalendar([event({ sequence: 2, cancelled: true })], STAMPED_AT, 'CANCEL'));
    expect(parsed.method).toBe('CANCEL');
    expect(parsed.events).toMatchObject([{ uid: 'session-1@test', sequence: 2, status: 'CANCELLED' }]);
    expect(parsed.events[0]?.reminder).toBeUndefined();
    // An event that goes on says nothing of a status.
    expect(parseIcs(writeCalendar([event()], STAMPED_AT)).events[0]?.status).toBeUndefined();
  });

  it('reminds 30 minutes before the start', () => {
    const [parsed] = parseIcs(writeCalendar([event()], STAMPED_AT)).events;
    expect(parsed?.reminder).toBe(-30 * 60);
    expect(parsed?.reminderAction).toBe('DISPLAY');
  });

  it('escapes commas, semicolons, backslashes and line breaks, and reads back the same text', () => {
    const title = 'Thrive session with Rao, Priya; C:\\Team';
    const details = 'First line\nSecond line\r\nThird, last; line';
    const text = writeCalendar([event({ title, details })], STAMPED_AT);
    expect(text).toContain('SUMMARY:Thrive session with Rao\\, Priya\\; C:\\\\Team\r\n');
    expect(text).toContain('DESCRIPTION:First line\\nSecond line\\nThird\\, last\\; line\r\n');
    const [parsed] = parseIcs(text).events;
    expect(parsed?.summary).toBe(title);
    expect(parsed?.description).toBe('First line\nSecond line\nThird, last; line');
  });

  it.each([
    ['a long Latin name', 'Dr. Priyanka Venkataraman-Subramaniam Chandrasekharan Iyer, Senior Facilitator'],
    ['a Devanagari name', 'प्रियंका वेंकटरमन सुब्रमण्यम चंद्रशेखरन अय्यर, वरिष्ठ सुविधाकर्ता'],
    ['a name with emoji', 'Priya 👩🏽‍🏫 Sharma 🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟🌟 and team'],
  ])('folds %s at 75 octets without splitting a UTF-8 character', (_, name) => {
    const title = `Thrive session with ${name}`;
    const text = writeCalendar([event({ title })], STAMPED_AT);
    const lines = octetLines(text);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      // A sequence cut in two would make this line (and the next) invalid UTF-8.
      expect(() => decoder.decode(line)).not.toThrow();
    }
    const folded = lines.map((line) => decoder.decode(line)).filter((line) => line.startsWith(' '));
    expect(folded.length).toBeGreaterThan(0);
    expect(parseIcs(text).events[0]?.summary).toBe(title);
  });
});
