import { describe, expect, it } from 'vitest';
import { NO_SESSIONS_SENTINEL, parseSchedule } from '../../../../src/shared/schedule/parser.ts';

describe('parseSchedule', () => {
  it('reads each "Day: time with facilitator" line', () => {
    expect(parseSchedule('Monday: 4:00 PM with Ms. Priya\nWednesday: 10:30 AM - 11:30 AM with Mr. Arjun Rao')).toEqual([
      { kind: 'session', day: 'Monday', time: '4:00 PM', facilitator: 'Ms. Priya' },
      { kind: 'session', day: 'Wednesday', time: '10:30 AM - 11:30 AM', facilitator: 'Mr. Arjun Rao' },
    ]);
  });

  it('tolerates CRLF, blank lines and extra spaces', () => {
    expect(parseSchedule('\r\n  Friday :  5 PM   with   Neha  \r\n\r\n\nSaturday: 9 AM with Ravi\r\n')).toEqual([
      { kind: 'session', day: 'Friday', time: '5 PM', facilitator: 'Neha' },
      { kind: 'session', day: 'Saturday', time: '9 AM', facilitator: 'Ravi' },
    ]);
  });

  it.each([
    ['the sentinel', NO_SESSIONS_SENTINEL],
    ['the sentinel with spaces and a newline', `  ${NO_SESSIONS_SENTINEL}\n`],
    ['empty text', ''],
    ['only whitespace', ' \n \r\n '],
    ['no text at all', undefined],
  ])('reads %s as no sessions', (_case, text) => {
    expect(parseSchedule(text)).toEqual([]);
  });

  it('keeps a line that does not fit the form, as it came', () => {
    expect(parseSchedule('Monday: 4 PM with Priya\nHoliday on Thursday\nTuesday 3 PM with Ravi')).toEqual([
      { kind: 'session', day: 'Monday', time: '4 PM', facilitator: 'Priya' },
      { kind: 'unparsed', text: 'Holiday on Thursday' },
      { kind: 'unparsed', text: 'Tuesday 3 PM with Ravi' },
    ]);
  });
});
