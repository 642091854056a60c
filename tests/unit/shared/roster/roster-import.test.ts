import { describe, expect, it } from 'vitest';
import { rosterDiff } from '../../../../src/shared/roster/diff.ts';
import { rosterCsv, rosterTemplateCsv } from '../../../../src/shared/roster/export.ts';
import { ROSTER_CSV_MAX_BYTES, ROSTER_MAX_SESSIONS, type RosterEntry } from '../../../../src/shared/roster/format.ts';
import { WEEKDAYS } from '../../../../src/shared/schedule/weekdays.ts';
import { readRosterCsv } from '../../../../src/shared/roster/import.ts';

const FACILITATORS = [
  { id: 'meera-nair', name: 'Meera Nair' },
  { id: 'arjun-rao', name: 'Arjun Rao' },
];
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readRosterCsv(bytes(text), FACILITATORS);

const ASHA: RosterEntry = {
  number: '+919876543210',
  name: 'Verma, Asha',
  facilitator: 'meera-nair',
  sessions: [
    { day: 'Monday', time: '09:00', facilitator: 'meera-nair' },
    { day: 'Wednesday', time: '16:30', facilitator: 'arjun-rao' },
  ],
};
const RAVI: RosterEntry = { number: '+919812345678', name: 'Ravi Kumar', facilitator: 'arjun-rao', sessions: [] };

describe('reading a roster file', () => {
  it('reads a spreadsheet’s file: BOM, CRLF, columns in another order, quoted commas, blank lines, numbers as typed', () => {
    const file = [
      '\uFEFFName,Day,Time,Number,Facilitator,Notes,Session facilitator',
      '"Verma, Asha",Wednesday,16:30,+91 98765-43210,Meera Nair,"likes mornings, not evenings",Arjun Rao',
      '',
      '"Verma, Asha",mon,9:00,098765 43210,meera-nair,,',
      'Ravi Kumar,,,9812345678,arjun-rao,,',
      '',
    ].join('\r\n');
    expect(read(file)).toEqual({ ok: true, entries: [ASHA, RAVI], refused: [], rows: 3 });
  });

  it('reads the empty rows a spreadsheet writes inside its data (`,,,,,` or spaces) as blank lines', () => {
    const file = [
      '\uFEFFnumber,name,facilitator,day,time,session_facilitator',
      ',,,,,',
      '9812345678,Ravi Kumar,arjun-rao,,,',
      '  ,  , ,,   ,',
      ',,,,,',
      '9811111111,Nisha Rao,meera-nair,Someday,,',
      ',,,,,',
      '',
    ].join('\r\n');
    expect(read(file)).toEqual({
      ok: true,
      entries: [RAVI],
      refused: [
        {
          line: 6,
          reasons: [
            'The day “Someday” is not a day of the week: write Monday to Sunday.',
            'The time is missing: a session needs a day and a time (leave both blank for a parent with no weekly session).',
          ],
        },
      ],
      rows: 2,
    });
  });

  it('refuses the row that would give a parent one weekly session more than a parent can have', () => {
    const times = Array.from({ length: ROSTER_MAX_SESSIONS + 1 }, (_, i) => ({
      day: WEEKDAYS[i % WEEKDAYS.length] ?? 'Monday',
      time: `${String(8 + Math.floor(i / WEEKDAYS.length)).padStart(2, '0')}:00`,
    }));
    const rows = times.map(({ day, time }) => `9812345678,Ravi Kumar,arjun-rao,${day},${time}`);
    const file = ['number,name,facilitator,day,time', ...rows].join('\n');
    const all = read(file);
    expect(all.ok && all.refused).toEqual([
      {
        line: ROSTER_MAX_SESSIONS + 2,
        reasons: [
          `This number already has ${ROSTER_MAX_SESSIONS} weekly sessions, from line 2 on: a parent can have at most ${ROSTER_MAX_SESSIONS}, so this row is one too many.`,
        ],
      },
    ]);
    const fewer = read(file.split('\n').slice(0, -1).join('\n'));
    expect(fewer.ok && [fewer.refused, fewer.entries[0]?.sessions.length]).toEqual([[], ROSTER_MAX_SESSIONS]);
  });

  it('refuses each wrong row with its line and every reason', () => {
    const file = [
      'number,name,facilitator,day,time',
      '9876543210,Asha Verma,meera-nair,Monday,09:00',
      '9876543210,Asha Verma,meera-nair,Wednsday,25:00',
      '98765 43210,Someone Else,meera-nair,Friday,10:00',
      '+91 98765 43210,Asha Verma,arjun-rao,Friday,10:00',
      '9876543210,asha  verma,meera-nair,Monday,09:00',
      '9812345678,Ravi Kumar,Priya,Tuesday,',
      '"=HYPERLINK(""http://evil.example"",""Asha"")",Ravi,meera-nair,,',
      '9822222222,@cmd,meera-nair,,',
    ].join('\n');
    const result = read(file);
    expect(result.ok && result.refused).toEqual([
      {
        line: 3,
        reasons: [
          'The day “Wednsday” is not a day of the week: write Monday to Sunday.',
          'The time “25:00” is not a time of day: write 24-hour HH:mm in India’s time, such as 16:30.',
        ],
      },
      {
        line: 4,
        reasons: [
          'This number is on line 2 as “Asha Verma”: one number is one parent, so each of its rows needs the same name.',
        ],
      },
      {
        line: 5,
        reasons: [
          'This number is on line 2 with another facilitator: each of a parent’s rows needs the same facilitator.',
        ],
      },
      { line: 6, reasons: ['Monday 09:00 is already on line 2 for this number.'] },
      {
        line: 7,
        reasons: [
          'There is no facilitator “Priya”: write the id or name of one the roster page lists.',
          'The time is missing: a session needs a day and a time (leave both blank for a parent with no weekly session).',
        ],
      },
      {
        line: 8,
        reasons: [
          'The number “=HYPERLINK("http://evil.example","Asha")” starts with =, +, -, @ or a tab, so a spreadsheet would run it as a formula: take that character off.',
        ],
      },
      {
        line: 9,
        reasons: [
          'The name “@cmd” starts with =, +, -, @ or a tab, so a spreadsheet would run it as a formula: take that character off.',
        ],
      },
    ]);
  });

  it.each([
    [
      'not UTF-8 (Windows-1252)',
      Uint8Array.from([...bytes('number,name,facilitator,day,time\n9876543210,Ren'), 0xe9, 0x0a]),
      'The file is not in UTF-8, so its names would be read wrongly. In your spreadsheet, choose Save as (or Download) and the type “CSV UTF-8”, then upload that file.',
    ],
    ['over 10 MB', new Uint8Array(ROSTER_CSV_MAX_BYTES + 1), 'The file is larger than 10 MB'],
    ['empty', bytes(''), 'The file is empty'],
    [
      'without the time and day columns',
      bytes('number,name,facilitator\n9876543210,A,meera-nair'),
      'The header row has no day, time columns',
    ],
    [
      'with a column twice',
      bytes('number,name,facilitator,day,time,Name\n'),
      'The header row names the name column twice.',
    ],
    [
      'a header only',
      bytes('number,name,facilitator,day,time\r\n\r\n'),
      'An import replaces the whole roster, so it would remove everyone',
    ],
    [
      'a quote never closed',
      bytes('number,name,facilitator,day,time\n9876543210,"Asha,meera-nair,,\n'),
      'Line 2 opens a quote (") that never closes',
    ],
  ])('stops a file %s with one message', (_case, file, problem) => {
    const result = readRosterCsv(file, FACILITATORS);
    expect(result.ok ? 'read' : result.problem).toContain(problem);
  });
});

describe('the preview and export', () => {
  it('counts added, changed and removed parents by number', () => {
    const moved = { ...ASHA, sessions: [{ day: 'Monday', time: '10:00', facilitator: 'meera-nair' }] } as RosterEntry;
    const newcomer = { ...RAVI, number: '+919811111111', name: 'Nisha Rao' };
    const diff = rosterDiff([ASHA, RAVI], [moved, newcomer]);
    expect(diff).toEqual({
      added: [newcomer],
      changed: [{ before: ASHA, after: moved, fields: ['sessions'] }],
      removed: [RAVI],
      unchanged: 0,
    });
    expect(rosterDiff([ASHA, RAVI], [RAVI, ASHA])).toEqual({ added: [], changed: [], removed: [], unchanged: 2 });
  });

  it('lists the parents of each kind by name, whatever its case or spacing, then by number', () => {
    const parent = (name: string, number: string): RosterEntry => ({ ...RAVI, name, number });
    const zoya = parent('zoya khan', '+919800000001');
    const arjunLater = parent('arjun  mehta', '+919800000003');
    const arjun = parent('Arjun Mehta', '+919800000002');
    const bela = parent('Bela Das', '+919800000004');
    const diff = rosterDiff([zoya, bela, arjunLater], [arjun, { ...bela, facilitator: 'meera-nair' }]);
    expect(diff.added.map((entry) => entry.number)).toEqual([arjun.number]);
    expect(diff.removed.map((entry) => entry.name)).toEqual(['arjun  mehta', 'zoya khan']);
    const all = rosterDiff([], [zoya, arjunLater, bela, arjun]).added;
    expect(all.map((entry) => entry.number)).toEqual([arjun.number, arjunLater.number, bela.number, zoya.number]);
    expect(rosterCsv([zoya, arjunLater, bela, arjun]).split('\r\n').slice(1, 5)).toEqual([
      "'+919800000002,Arjun Mehta,arjun-rao,,,",
      "'+919800000003,arjun  mehta,arjun-rao,,,",
      "'+919800000004,Bela Das,arjun-rao,,,",
      "'+919800000001,zoya khan,arjun-rao,,,",
    ]);
  });

  it('exports the CSV it imports, with no cell a spreadsheet would run', () => {
    const csv = rosterCsv([RAVI, ASHA]);
    expect(csv).toBe(
      [
        '\uFEFFnumber,name,facilitator,day,time,session_facilitator',
        "'+919812345678,Ravi Kumar,arjun-rao,,,",
        `'+919876543210,"Verma, Asha",meera-nair,Monday,09:00,`,
        `'+919876543210,"Verma, Asha",meera-nair,Wednesday,16:30,arjun-rao`,
        '',
      ].join('\r\n'),
    );
    const again = readRosterCsv(bytes(csv), FACILITATORS);
    expect(again.ok && rosterDiff([ASHA, RAVI], again.entries)).toMatchObject({ unchanged: 2, added: [], removed: [] });
  });

  it('imports an exported name that starts as a guarded cell does (an apostrophe, then -) as it was', () => {
    const guarded: RosterEntry[] = [
      { ...RAVI, name: "'-Asha" },
      { ...ASHA, name: "''=Verma" },
    ];
    const again = readRosterCsv(bytes(rosterCsv(guarded)), FACILITATORS);
    expect(again.ok && { refused: again.refused, diff: rosterDiff(guarded, again.entries) }).toEqual({
      refused: [],
      diff: { added: [], changed: [], removed: [], unchanged: 2 },
    });
  });

  it('offers a template of the header row', () => {
    expect(rosterTemplateCsv()).toBe('\uFEFFnumber,name,facilitator,day,time,session_facilitator\r\n');
  });
});
