import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv, unguardedCell } from '../../../../src/shared/roster/csv.ts';
import { checkDay, checkFacilitator, checkName, checkNumber, checkTime } from '../../../../src/shared/roster/fields.ts';

const FACILITATORS = [
  { id: 'meera-nair', name: 'Meera Nair' },
  { id: 'arjun-rao', name: 'Arjun Rao' },
  { id: 'arjun-rao-2', name: 'Arjun  RAO' },
];

const value = <T>(check: { ok: true; value: T } | { ok: false; problem: string }) =>
  check.ok ? check.value : `refused: ${check.problem}`;

describe('a roster number', () => {
  it.each([
    ['+91 98765-43210', '+919876543210'],
    ['098765 43210', '+919876543210'],
    ['9876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['(98765) 43210', '+919876543210'],
    ['+44 20 7946 0958', '+442079460958'],
    ['  +91 98765 43210 ', '+919876543210'],
  ])('reads %j as %s', (raw, key) => {
    expect(value(checkNumber(raw))).toBe(key);
  });

  it.each([
    ['', 'The number is missing.'],
    ['12345', 'The number “12345” is not a phone number'],
    ['5876543210', 'is not a phone number'],
    ['=HYPERLINK("http://x","call")', 'starts with =, +, -, @ or a tab, so a spreadsheet would run it as a formula'],
    ['+91 98765 4321O', 'is not a phone number'],
    ['-98765', 'would run it as a formula'],
    ['@98765 43210', 'would run it as a formula'],
  ])('refuses %j', (raw, problem) => {
    expect(value(checkNumber(raw))).toContain(problem);
  });

  it.each(['-9876543248', ' -98765 43210', '=9876543210', '@9876543210', '\t9876543210', '\r+919876543210'])(
    'refuses %j, a number behind a character a formula starts with, as a formula',
    (raw) => {
      expect(value(checkNumber(raw))).toContain('so a spreadsheet would run it as a formula');
    },
  );
});

describe('a roster name', () => {
  it.each([
    ['  Asha   Verma ', 'Asha Verma'],
    ['आशा वर्मा', 'आशा वर्मा'],
  ])('keeps %j as %j', (raw, name) => {
    expect(value(checkName(raw))).toBe(name);
  });

  it.each([
    ['', 'The name is missing.'],
    ['=HYPERLINK("http://evil","Asha")', 'would run it as a formula'],
    ['@SUM(1)', 'would run it as a formula'],
    ['\tAsha', 'control characters'],
    ['Asha\u202Eevil', 'change the direction of text'],
    ['A'.repeat(101), 'The name must be 100 characters or less.'],
    // आशा वर्मा from a spreadsheet saved as plain CSV (Excel's "CSV (Comma delimited)" on Windows).
    ['??? ?????', 'has question marks where a spreadsheet saved as plain CSV puts the letters it cannot keep'],
  ])('refuses %j', (raw, problem) => {
    expect(value(checkName(raw))).toContain(problem);
  });
});

describe('a facilitator', () => {
  it.each([
    ['meera-nair', 'meera-nair'],
    ['MEERA-NAIR', 'meera-nair'],
    ['meera  nair', 'meera-nair'],
  ])('finds %j', (raw, id) => {
    expect(value(checkFacilitator(raw, FACILITATORS))).toBe(id);
  });

  it.each([
    ['', 'The facilitator is missing'],
    ['Priya', 'There is no facilitator “Priya”'],
    ['arjun rao', 'More than one facilitator is named “arjun rao”: write the id instead.'],
  ])('refuses %j', (raw, problem) => {
    expect(value(checkFacilitator(raw, FACILITATORS))).toContain(problem);
  });
});

describe('a session’s day and time', () => {
  it.each([
    ['Wednesday', 'Wednesday'],
    ['wednesday', 'Wednesday'],
    [' Wed ', 'Wednesday'],
    ['SUN', 'Sunday'],
  ])('reads the day %j as %s', (raw, day) => {
    expect(value(checkDay(raw))).toBe(day);
  });

  it.each(['Wednsday', 'W', 'Mittwoch', '3'])('refuses the day %j', (raw) => {
    expect(value(checkDay(raw))).toBe(`refused: The day “${raw}” is not a day of the week: write Monday to Sunday.`);
  });

  it.each([
    ['16:30', '16:30'],
    ['9:00', '09:00'],
    ['09:00:00', '09:00'],
    ['9:00 AM', '09:00'],
    ['12:15 am', '00:15'],
    ['4:30 p.m.', '16:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
  ])('reads the time %j as %s', (raw, time) => {
    expect(value(checkTime(raw))).toBe(time);
  });

  it.each(['25:00', '24:00', '9', '9.30', '13:00 PM', '10:60', '10:30:15'])('refuses the time %j', (raw) => {
    expect(value(checkTime(raw))).toContain(`The time “${raw}” is not a time of day: write 24-hour HH:mm`);
  });
});

describe('CSV as spreadsheets write it', () => {
  it.each([
    [
      'a byte-order mark',
      '\uFEFFa,b\r\nc,d\r\n',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
    ],
    [
      'LF line ends and no last one',
      'a,b\nc,d',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
    ],
    [
      'blank lines',
      'a,b\r\n\r\n\r\nc,d\r\n\r\n',
      [
        [1, ['a', 'b']],
        [4, ['c', 'd']],
      ],
    ],
    ['quoted commas and quotes', '"Verma, Asha","say ""hi"""\n', [[1, ['Verma, Asha', 'say "hi"']]]],
    [
      'a line break in a quoted cell',
      '"two\nlines",x\ny,z',
      [
        [1, ['two\nlines', 'x']],
        [3, ['y', 'z']],
      ],
    ],
    ['empty cells', 'a,,\n', [[1, ['a', '', '']]]],
    [
      'rows of blank cells, as a spreadsheet writes an empty row, as blank lines',
      '\uFEFFa,b\r\n,,,,,\r\n  , ,\t, \r\n"",""\r\nc,d\r\n,,,,,\r\n',
      [
        [1, ['a', 'b']],
        [5, ['c', 'd']],
      ],
    ],
  ])('reads %s', (_case, text, records) => {
    const parsed = parseCsv(text);
    expect(parsed.ok && parsed.records.map((r) => [r.line, r.cells])).toEqual(records);
  });

  it('names the line of a quote that never closes', () => {
    expect(parseCsv('a,b\n"open,c\nd\n')).toEqual({ ok: false, unclosedQuoteLine: 2 });
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+919876543210', "'+919876543210"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ["'-Asha", "''-Asha"],
    ["''=1", "'''=1"],
    ["'Asha", "'Asha"],
    ['Verma, Asha', '"Verma, Asha"'],
    ['Asha', 'Asha'],
  ])('writes %j as %s, never as a formula', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
    expect(unguardedCell(parseCsv(written).ok ? cellOf(written) : '')).toBe(cell);
  });

  it('writes a file as "CSV UTF-8": a byte-order mark and CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFFa,b\r\nc,d\r\n');
  });
});

function cellOf(written: string): string {
  const parsed = parseCsv(written);
  return parsed.ok ? (parsed.records[0]?.cells[0] ?? '') : '';
}
