import { describe, expect, it } from 'vitest';
import { FIELDS, PAGES } from '../../../../n8n/source/roster/texts.ts';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { toCsv } from '../../../../src/shared/roster/csv.ts';
import { ROSTER_CSV_COLUMNS, type RosterEntry } from '../../../../src/shared/roster/format.ts';
import { rosterText } from '../../../../src/shared/roster/messages.ts';
import { committed, runNode } from '../support/workflow.ts';

const roster = committed(WORKFLOWS.roster.path);

const FACILITATORS = [
  { id: 'meera-nair', name: 'Meera Nair' },
  { id: 'arjun-rao', name: 'Arjun Rao' },
];
const ASHA: RosterEntry = {
  number: '+919876543210',
  name: 'Asha Verma',
  facilitator: 'meera-nair',
  sessions: [{ day: 'Monday', time: '17:00', facilitator: 'meera-nair' }],
};
const DEV: RosterEntry = { number: '+919812345678', name: 'Dev Patel', facilitator: 'arjun-rao', sessions: [] };
const SHA = 'ab'.repeat(32);

/** ThriveRoster's Preview on a file's rows, against a roster of Asha and Dev. */
async function preview(rows: string[][], by = 'Priya Sharma') {
  const bytes = Buffer.from(toCsv([ROSTER_CSV_COLUMNS, ...rows]));
  const snapshot = { entries: [ASHA, DEV], facilitators: FACILITATORS, version: 'v1', file_sha256: SHA };
  const earlier = {
    'Import form': { [FIELDS.file]: { filename: 'week.csv' }, [FIELDS.by]: by },
    'File as base64': { file: bytes.toString('base64') },
  };
  return (await runNode('Preview', snapshot, earlier, roster)) as Record<string, unknown>;
}

describe('ThriveRoster Preview (the shared roster rules on an uploaded file)', () => {
  it('offers to apply a file that adds, changes and removes, with exactly that diff bound to the roster’s version', async () => {
    const page = await preview([
      ['+91 98765-43210', 'Asha Verma', 'Meera Nair', 'Tue', '6:00 PM', ''],
      ['098123 45679', 'Nila <b>{{ $env.X }}</b>', 'arjun-rao', '', '', ''],
    ]);
    expect(page).toMatchObject({ confirm: true, button: 'Apply: 1 added, 1 changed, 1 removed, 0 rows refused' });
    expect(page.apply).toMatchObject({
      version: 'v1',
      by: 'Priya Sharma',
      file_name: 'week.csv',
      file_sha256: SHA,
      added: [{ number: '+919812345679', name: 'Nila <b>{{ $env.X }}</b>', facilitator: 'arjun-rao', sessions: [] }],
      changed: [{ number: ASHA.number, sessions: [{ weekday: 2, start_time: '18:00', facilitator: 'meera-nair' }] }],
      removed: [{ number: DEV.number }],
    });
    // A name is text on n8n's page: no markup, and no "{{" n8n would evaluate.
    expect(page.html).toContain('Nila &#60;b&#62;&#123;&#123; $env.X &#125;&#125;&#60;/b&#62;');
  });

  it('says what removing a parent does, in the reference server’s words, before the operator applies a removal', async () => {
    const removing = await preview([['+919876543210', 'Asha Verma', 'meera-nair', 'Monday', '17:00', '']]);
    expect(removing).toMatchObject({ confirm: true, button: 'Apply: 0 added, 0 changed, 1 removed, 0 rows refused' });
    const said = [rosterText.removalLead, ...rosterText.removalEffects(PAGES.erasure)];
    expect(said.map((words) => String(removing.html).includes(words))).toEqual(said.map(() => true));
    const adding = await preview([
      ['+919876543210', 'Asha Verma', 'meera-nair', 'Monday', '17:00', ''],
      ['+919812345678', 'Dev Patel', 'arjun-rao', '', '', ''],
      ['+919811111111', 'Nila Rao', 'arjun-rao', '', '', ''],
    ]);
    expect(String(adding.html)).not.toContain(rosterText.removalLead);
  });

  it('ends the form, offering nothing, on a refused row, a file not in UTF-8, or a file with nothing to change', async () => {
    const late = await preview([['98765 43210', 'Asha Verma', 'Meera Nair', 'Monday', '25:00', '']]);
    expect(late).toMatchObject({ confirm: false, apply: null });
    expect(late.html).toContain('Line 2: The time “25:00” is not a time of day');
    const same = await preview([
      ['+919876543210', 'Asha Verma', 'meera-nair', 'Monday', '17:00', ''],
      ['+919812345678', 'Dev Patel', 'arjun-rao', '', '', ''],
    ]);
    expect(same).toMatchObject({ confirm: false, title: 'Nothing to change' });
    const nameless = await preview([['+919876543210', 'Asha Verma', 'meera-nair', '', '', '']], ' ');
    expect(nameless).toMatchObject({ confirm: false, apply: null });
  });
});
