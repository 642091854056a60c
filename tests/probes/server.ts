/**
 * `tsx tests/probes/server.ts` (one check of `npm test`): probes a real
 * reference server process from outside, as an attacker and an operator
 * would, and prints one line per probe, `ok` or `FAIL` with what
 * it saw. Exits 1 if any probe fails. The server runs behind one trusted
 * proxy hop (this script plays the proxy), with a limit of 3 requests per
 * address; every probe speaks for clients of its own.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { phoneKey } from '../../src/shared/rules/phone.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { buildEnvelope } from '../../src/shared/webhook/envelope.ts';
import type { Attachment } from '../../src/shared/webhook/types.ts';
import { makeTempPortalDir, spawnPortal, type SpawnedPortal } from '../../bench/support/portal-process.ts';
import { commandOutput } from '../support/commands.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const temp = makeTempPortalDir();
const env = {
  DATABASE_PATH: temp.databasePath,
  DIST_DIR: temp.distDir,
  ROSTER_PATH: resolve(REPO_ROOT, 'server/roster.test.json'),
  TRUST_PROXY: 'true',
  // Behind its proxy, the demo mode (codes in the log, which a probe reads) must be asked for.
  DEMO: '1',
  RATE_LIMIT_MAX: '3',
  RETENTION_DAYS: '30',
};

let clients = 0;
/** A new client address for every request, unless a probe names one. */
const nextClient = () => `198.51.100.${(clients += 1) % 250}`;

async function post(server: SpawnedPortal, body: unknown, forwardedFor = nextClient()) {
  const response = await fetch(`${server.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const visitor = (number = '9123456780') => ({ name: 'Probe Visitor', number });
const consult = (number?: string) => buildEnvelope({ action: 'book_consult', user: visitor(number), payload: {} });
const png = (filename = 'photo.png'): Attachment => ({
  filename,
  mimetype: 'image/png',
  content: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]).toString(
    'base64',
  ),
});
const chat = (attachments: Attachment[], number?: string) =>
  buildEnvelope({ action: 'chat_facilitator', user: visitor(number), payload: { message: 'probe', attachments } });

type Probe = [name: string, run: (server: SpawnedPortal) => Promise<string | undefined>];

/** The first match of `pattern` in what the server has written, waiting for its output (not for time) up to 10 s. */
async function inOutput(server: SpawnedPortal, pattern: RegExp): Promise<RegExpExecArray | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = pattern.exec(server.output());
    if (match || Date.now() > deadline) return match ?? undefined;
    await new Promise((more) => {
      server.child.stdout?.once('data', more);
      setTimeout(more, deadline - Date.now()).unref();
    });
  }
}

/** Undefined when `actual` is what was expected, else what was seen. */
const expectAnswer = (actual: { status: number; text: string }, status: number, text?: string) =>
  actual.status === status && (text === undefined || actual.text === text)
    ? undefined
    : `got ${actual.status} ${JSON.stringify(actual.text)}, expected ${status}${text ? ` ${JSON.stringify(text)}` : ''}`;

function query(sql: string, ...params: unknown[]): unknown {
  const db = new Database(temp.databasePath, { readonly: true });
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...params);
  } finally {
    db.close();
  }
}

const probes: Probe[] = [
  [
    'a client forging X-Forwarded-For behind one proxy hop is still limited',
    async (server) => {
      const statuses = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await post(server, consult(), `203.0.113.${i}, 192.0.2.77`)).status);
      return statuses.join() === '200,200,200,429,429' ? undefined : `statuses ${statuses.join()}`;
    },
  ],
  [
    '11 attachments are a 400',
    async (server) =>
      expectAnswer(
        await post(server, chat(Array.from({ length: 11 }, () => png()))),
        400,
        'A message can carry at most 10 attachments',
      ),
  ],
  [
    'an SVG is a 400',
    async (server) =>
      expectAnswer(
        await post(
          server,
          chat([{ ...png('x.svg'), mimetype: 'image/svg+xml', content: btoa('<svg onload="alert(1)"/>') }]),
        ),
        400,
        'x.svg is not a valid file type',
      ),
  ],
  [
    'a broken type is a 400',
    async (server) =>
      expectAnswer(
        await post(server, chat([{ ...png(), mimetype: 'image/;text/html' }])),
        400,
        'photo.png is not a valid file type',
      ),
  ],
  [
    'HTML declared as a PNG is a 400',
    async (server) =>
      expectAnswer(
        await post(server, chat([{ ...png(), content: btoa('<html><script>alert(1)</script></html>') }])),
        400,
        'photo.png is not a valid file type: its content is not image/png',
      ),
  ],
  [
    'a control character in a name is a 400',
    async (server) =>
      expectAnswer(
        await post(server, { ...consult(), user: { name: 'Probe\u001b[2J', number: '9123456780' } }),
        400,
        'The name cannot contain control characters such as tabs or line breaks',
      ),
  ],
  [
    'an upper-case replay with another body is a 409',
    async (server) => {
      const first = consult();
      const stored = await post(server, first);
      if (stored.status !== 200) return `the first copy got ${stored.status}`;
      const changed = { ...first, request_id: first.request_id.toUpperCase(), preferred_times: 'Evenings' };
      return expectAnswer(await post(server, changed), 409);
    },
  ],
  [
    'a malformed address gets plain text with the CSP',
    async (server) => {
      const response = await fetch(`${server.url}/%E0%A4%A`);
      const seen = `${response.status} ${response.headers.get('content-type')} ${await response.text()}`;
      if (seen !== '400 text/plain; charset=utf-8 This address is not valid') return seen;
      return response.headers.get('content-security-policy')?.includes("default-src 'self'") ? undefined : 'no CSP';
    },
  ],
  [
    'the database file is 0600 and its folder 0700',
    async () => {
      const modes = [temp.databasePath, dirname(temp.databasePath)].map((path) =>
        (statSync(path).mode & 0o777).toString(8),
      );
      return modes.join() === '600,700' ? undefined : `modes ${modes.join()}`;
    },
  ],
  [
    'demo mode: npm start says where to look, and the code in the log verifies the phone',
    async (server) => {
      if (!server.output().includes('look for "demo mode: sign-in code"')) return 'the start output says nothing';
      const user = { name: 'Test Parent', number: '9000000001' };
      const asked = await post(server, { action: 'request_code', user });
      if (asked.status !== 200) return `request_code: ${asked.status} ${asked.text}`;
      const code = (await inOutput(server, /demo mode: sign-in code for \+919000000001 is ([0-9]{6})/))?.[1];
      if (!code) return 'no code in the log';
      const verified = await post(server, { action: 'verify_code', user, payload: { code } });
      return verified.status === 200 ? undefined : `verify_code: ${verified.status} ${verified.text}`;
    },
  ],
  [
    'npm run forget removes the rows and files of a number',
    async (server) => {
      const number = '9988776655';
      if ((await post(server, chat([png('forget-me.png')], number))).status !== 200) return 'the chat was not stored';
      const output = await commandOutput('forget', ['--number', number], env);
      const rows = query('SELECT count(*) FROM requests WHERE number_key = ?', phoneKey(number));
      const files = query("SELECT count(*) FROM attachments WHERE filename = 'forget-me.png'");
      if (rows !== 0 || files !== 0) return `${String(rows)} requests and ${String(files)} files left`;
      return output.includes('1 request, with') ? undefined : `it printed: ${output}`;
    },
  ],
];

/** Retention runs on start: a row from 400 days ago is gone once the server restarts. */
async function retentionProbe(server: SpawnedPortal): Promise<[SpawnedPortal, string | undefined]> {
  const old = consult();
  if ((await post(server, old)).status !== 200) return [server, 'the request was not stored'];
  const db = new Database(temp.databasePath);
  db.prepare('UPDATE requests SET received_at = ? WHERE request_id = ?').run(
    new Date(Date.now() - 400 * 24 * 60 * 60 * 1000).toISOString(),
    old.request_id,
  );
  db.close();
  await server.stop('SIGTERM');
  const restarted = await spawnPortal(env);
  const left = query('SELECT count(*) FROM requests WHERE request_id = ?', old.request_id);
  return [restarted, left === 0 ? undefined : 'the old request is still stored'];
}

let server = await spawnPortal(env);
let failed = 0;
const report = (name: string, problem: string | undefined) => {
  if (problem) failed += 1;
  console.log(problem ? `FAIL ${name}: ${problem}` : `ok   ${name}`);
};
try {
  for (const [name, run] of probes) report(name, await run(server).catch((error: unknown) => String(error)));
  const [restarted, problem] = await retentionProbe(server);
  server = restarted;
  report('retention removes rows older than RETENTION_DAYS', problem);
} finally {
  await server.stop('SIGTERM');
  temp.cleanup();
}
console.log(`${probes.length + 1 - failed} of ${probes.length + 1} probes ok`);
process.exit(failed > 0 ? 1 : 0);
