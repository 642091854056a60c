/**
 * The roster on a running n8n (ThriveRoster): the export, and imports through n8n's own form as a browser posts
 * them (multipart/form-data to the form, then the second page at the signed address n8n answers with, as n8n's form
 * page does): 200 parents added and read back through know_schedule; one session changed and one parent removed,
 * whose token is refused at once and whose subscription and settings are gone while their requests stay; refused files
 * (a number twice with two names, 25:00, not UTF-8) and a preview of a roster changed meanwhile change nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ROSTER_FORM_PATH, WEBHOOK_PATHS } from '../../../n8n/source/toolkit/ids.ts';
import { parseCsv, toCsv, unguardedCell } from '../../../src/shared/roster/csv.ts';
import { ROSTER_CSV_COLUMNS } from '../../../src/shared/roster/format.ts';
import { knowSchedule } from '../../support/envelopes.ts';
import { expectEqual } from './check-helpers.ts';
import { ROSTER_LOGIN } from './n8n-process.ts';
import type { Results } from './results.ts';
import type { Stack } from './stack.ts';

/**
 * fetch, once more when the request never got an answer: between checks the harness blocks on psql, and n8n
 * closes a pooled connection left idle meanwhile, which the next request may still be sent on.
 */
const fetched = (url: string | URL, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

const AUTH = {
  authorization: `Basic ${Buffer.from(`${ROSTER_LOGIN.user}:${ROSTER_LOGIN.secret}`).toString('base64')}`,
};
const ADDED = 200;
const numberOf = (i: number) => `+9193000${String(i).padStart(5, '0')}`;

interface Page {
  status: number;
  html: string;
}

/** The text a page shows, tags and entities aside, on one line. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** What n8n's form page does after a POST: follow the execution until its next page waits, then open it. */
async function nextPage(waitingUrl: string): Promise<Page> {
  const url = new URL(waitingUrl);
  const status = new URL(waitingUrl);
  status.pathname += '/n8n-execution-status';
  for (let tries = 0; tries < 600; tries++) {
    const state = (await (await fetched(status)).text()).trim();
    if (state === 'form-waiting') {
      const response = await fetched(url);
      return { status: response.status, html: await response.text() };
    }
    if (['canceled', 'crashed', 'error', 'success', 'null'].includes(state)) return { status: 0, html: state };
    await sleep(100);
  }
  throw new Error(`${waitingUrl} never showed its next page`);
}

/** Submits the form's first page with a file and a name, as n8n's form page posts it; the second page. */
async function upload(n8nUrl: string, bytes: Uint8Array, by = 'Priya Sharma'): Promise<Page & { url: string }> {
  const form = new FormData();
  form.append('field-0', new Blob([Buffer.from(bytes)], { type: 'text/csv' }), 'roster.csv');
  form.append('field-1', by);
  const response = await fetched(`${n8nUrl}/form/${ROSTER_FORM_PATH}`, { method: 'POST', headers: AUTH, body: form });
  const answer = await response.text();
  const url = (JSON.parse(answer) as { formWaitingUrl?: string }).formWaitingUrl;
  if (!url) throw new Error(`the form answered ${response.status} ${answer}`);
  return { ...(await nextPage(url)), url };
}

/** Confirms the preview page (its one field is the preview, so the post carries no value); the last page. */
async function confirm(waitingUrl: string): Promise<Page> {
  const response = await fetched(waitingUrl, { method: 'POST', body: new FormData() });
  if (!response.ok) return { status: response.status, html: await response.text() };
  return nextPage(waitingUrl);
}

export async function runRosterChecks({ n8n, postgres }: Stack, results: Results) {
  const count = (sql: string) => postgres.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)[0]?.n ?? 0;
  const version = () => postgres.rows<{ version: string }>('SELECT version FROM thrive.roster_snapshot()')[0]?.version;
  const exported = async (headers: Record<string, string> = AUTH) => {
    const response = await fetched(`${n8n.url}/webhook/${WEBHOOK_PATHS.rosterExport}`, { headers });
    return { status: response.status, type: response.headers.get('content-type'), bytes: await response.bytes() };
  };
  const rowsOf = (bytes: Uint8Array) => {
    const parsed = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    return parsed.ok ? parsed.records.slice(1).map((record) => record.cells) : [];
  };
  const schedule = (name: string, number: string) =>
    fetched(n8n.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(knowSchedule({ name, number })),
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
  // Rows as a spreadsheet shows them (an exported number's guarding apostrophe gone), saved again as "CSV UTF-8".
  const csv = (rows: string[][]) =>
    new TextEncoder().encode(toCsv([ROSTER_CSV_COLUMNS, ...rows.map((row) => row.map(unguardedCell))]));

  await results.run('roster: the export needs the login and gives the roster as formula-safe "CSV UTF-8"', async () => {
    const refused = await exported({});
    const { status, type, bytes } = await exported();
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return [
      ...expectEqual('without the login', refused.status, 401),
      ...expectEqual('with it', [status, type], [200, 'text/csv; charset=utf-8']),
      ...expectEqual('a byte-order mark and CRLF', [text.startsWith('\uFEFF'), text.includes('\r\n')], [true, true]),
      ...expectEqual('numbers guarded', rowsOf(bytes).filter((row) => !row[0]?.startsWith("'+")).length, 0),
      ...expectEqual('parents exported', new Set(rowsOf(bytes).map((row) => row[0])).size, count('thrive.parents')),
    ];
  });

  await results.run(
    `roster: ${ADDED} parents imported through the form, previewed first, read by know_schedule`,
    async () => {
      const before = count('thrive.parents');
      const added = Array.from({ length: ADDED }, (_, i) => [
        numberOf(i),
        `Imported Parent ${i}`,
        'Meera Nair',
        'Fri',
        '5:30 PM',
        '',
      ]);
      const preview = await upload(n8n.url, csv([...rowsOf((await exported()).bytes), ...added]));
      const unchanged = count('thrive.parents');
      const done = await confirm(preview.url);
      const [first, last] = [
        await schedule('Imported Parent 0', numberOf(0).slice(3)),
        await schedule(`imported parent ${ADDED - 1}`, numberOf(ADDED - 1)),
      ];
      const record = postgres.rows<{ imported_by: string; summary: string; changes: number }>(
        'SELECT imported_by, summary, cardinality(changes) AS changes FROM thrive.roster_imports ORDER BY id DESC LIMIT 1',
      );
      return [
        ...expectEqual(
          'the preview',
          textOf(preview.html).includes(`${ADDED} added, 0 changed, 0 removed, 0 rows refused`),
          true,
        ),
        ...expectEqual('nothing changed before the confirm', unchanged, before),
        ...expectEqual('the last page', textOf(done.html).includes(`Imported: ${ADDED} added`), true),
        ...expectEqual('parents', count('thrive.parents'), before + ADDED),
        ...expectEqual('know_schedule', [first.status, last.status], [200, 200]),
        ...expectEqual('the record', record, [
          {
            imported_by: 'Priya Sharma',
            summary: `${ADDED} added, 0 changed, 0 removed, 0 rows refused`,
            changes: ADDED,
          },
        ]),
      ];
    },
  );

  await results.run(
    'roster: a session changed and a parent removed; the removed one refused at once, their subscription, settings and unsent text gone, their requests kept',
    async () => {
      const gone = numberOf(1);
      postgres.run(`
      INSERT INTO thrive.parent_tokens VALUES ('t-roster', '${gone}', now(), now() + interval '1 day');
      INSERT INTO thrive.push_subscriptions VALUES ('https://push.test/roster', 't-roster', '${gone}', 'k', 'a', now());
      INSERT INTO thrive.parent_settings VALUES ('${gone}', '{"text_fallback": false}', 'en', now());
      INSERT INTO thrive.requests (request_id, body_hash, action, user_name, user_number, payload, timestamp_ist, received_at)
        VALUES ('00000000-0000-4000-8000-0000000000c1', 'h', 'know_schedule', 'Imported Parent 1', '${gone}', '{}',
                '2026-01-01T10:00:00.000+05:30', now());
      INSERT INTO thrive.text_notices (number_key, kind, author, created_at, due_at)
        VALUES ('${gone}', 'announcement', 'Thrive', now(), now() + interval '1 hour');`);
      const rows = rowsOf((await exported()).bytes)
        .filter((row) => row[0] !== `'${gone}`)
        .map((row) => (row[0] === `'${numberOf(2)}` ? [...row.slice(0, 3), 'Sunday', '23:59', ''] : row));
      const preview = await upload(n8n.url, csv(rows));
      const done = await confirm(preview.url);
      const removed = await schedule('Imported Parent 1', gone);
      const changed = await schedule('Imported Parent 2', numberOf(2));
      return [
        ...expectEqual(
          'the preview',
          textOf(preview.html).includes('0 added, 1 changed, 1 removed, 0 rows refused'),
          true,
        ),
        ...expectEqual('the last page', textOf(done.html).includes('Imported: 0 added, 1 changed, 1 removed'), true),
        ...expectEqual(
          'the removed parent',
          [removed.status, count(`thrive.parents WHERE number = '${gone}'`)],
          [404, 0],
        ),
        ...expectEqual(
          'their token, subscription, settings, text not yet sent and request',
          [
            count(`thrive.parent_tokens WHERE number_key = '${gone}'`),
            count(`thrive.push_subscriptions WHERE number_key = '${gone}'`),
            count(`thrive.parent_settings WHERE number_key = '${gone}'`),
            count(`thrive.text_notices WHERE number_key = '${gone}'`),
            count(`thrive.requests WHERE user_number = '${gone}'`),
          ],
          [0, 0, 0, 0, 1],
        ),
        ...expectEqual(
          'the changed session',
          postgres.rows(`SELECT weekday, start_time FROM thrive.sessions WHERE parent_number = '${numberOf(2)}'`),
          [{ weekday: 7, start_time: '23:59' }],
        ),
        ...expectEqual('know_schedule of the changed parent', changed.status, 200),
      ];
    },
  );

  await results.run(
    'roster: a number twice with two names, 25:00 and a file not in UTF-8 are refused, each with its line, and change nothing',
    async () => {
      const at = [version(), count('thrive.roster_imports')];
      const rows = rowsOf((await exported()).bytes);
      const twice = await upload(
        n8n.url,
        csv([...rows, [numberOf(3), 'Someone Else', 'Meera Nair', 'Mon', '09:00', '']]),
      );
      const late = await upload(
        n8n.url,
        csv([...rows, ['98111 22233', 'Late Parent', 'Meera Nair', 'Tue', '25:00', '']]),
      );
      const latin1 = Uint8Array.from([
        ...csv(rows.slice(0, 3)).slice(3),
        ...Buffer.from('9811122244,Jos\xe9,Meera Nair,,,\r\n', 'latin1'),
      ]);
      const encoding = await upload(n8n.url, latin1);
      const line = rows.length + 2;
      return [
        ...expectEqual('a number twice', textOf(twice.html).includes(`Line ${line}: This number is on line`), true),
        ...expectEqual(
          '25:00',
          textOf(late.html).includes(`Line ${line}: The time “25:00” is not a time of day`),
          true,
        ),
        ...expectEqual('not UTF-8', textOf(encoding.html).includes('The file is not in UTF-8'), true),
        ...expectEqual(
          'no confirm offered',
          [twice, late, encoding].map((page) => page.html.includes('Nothing has changed')),
          [true, true, true],
        ),
        ...expectEqual('the roster and its imports', [version(), count('thrive.roster_imports')], at),
      ];
    },
  );

  await results.run('roster: a preview of a roster that changed meanwhile applies nothing', async () => {
    const rows = rowsOf((await exported()).bytes).filter((row) => row[0] !== `'${numberOf(4)}`);
    const preview = await upload(n8n.url, csv(rows));
    postgres.run(`UPDATE thrive.parents SET name = 'Renamed Meanwhile' WHERE number = '${numberOf(5)}'`);
    const at = [version(), count('thrive.roster_imports')];
    const done = await confirm(preview.url);
    return [
      ...expectEqual(
        'the last page',
        textOf(done.html).includes('The roster changed after this preview was made'),
        true,
      ),
      ...expectEqual('the roster and its imports', [version(), count('thrive.roster_imports')], at),
    ];
  });
}
