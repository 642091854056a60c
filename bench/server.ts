/**
 * `npm run bench -- server`: requests per second and latency of the reference
 * webhook, in a server process of its own (as `npm start` runs it) on a temp
 * database, driven by autocannon from this process over 127.0.0.1. Every
 * request carries a new request_id (and every chat a new file), so each one
 * is validated, answered and stored durably: no idempotent replays, no
 * deduplicated files. Beside them, chat_thread on a database
 * seeded with 1,000 parents of 100 messages each (60 of theirs, every 6th
 * with a photo, and 40 staff replies), each request a random parent's
 * token: the whole thread (the first open), and nothing new (the 30 s poll).
 * It prints figures; it passes or fails nothing.
 *
 *   npm run bench -- server                  10 s per scenario
 *   npm run bench -- server --duration 5
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { tokenHash } from '../server/conversation/policy.ts';
import { openDatabase } from '../server/db/database.ts';
import { buildEnvelope } from '../src/shared/webhook/envelope.ts';
import type { Envelope } from '../src/shared/webhook/types.ts';
import { WEBHOOK_PATH } from '../src/shared/webhook/endpoint.ts';
import { makeTempPortalDir, spawnPortal } from './support/portal-process.ts';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  setupRequest: (request: { body?: string; headers?: Record<string, string> }) => {
    body?: string;
    headers?: Record<string, string>;
  };
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

// autocannon ships no types; this is the slice of its documented API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' } } });
const DURATION_S = Number(values.duration);
const WARM_UP_S = 2;
const DEMO_PARENT = { name: 'Asha Verma', number: '9876543210' };
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

const PLACEHOLDER_FILE_HEAD = '@@@@';
/** FF D8 FF, the first bytes of every JPEG, in base64: the server checks a file's first bytes against its type. */
const JPEG_SIGNATURE = '/9j/';

/**
 * The JSON of an envelope with a fresh request_id spliced in for every
 * request, and, for a chat, fresh first bytes in the file, so every file is
 * new to the server and stored (files are kept once per content hash).
 */
function freshRequests(envelope: Envelope): AutocannonRequest {
  // request_id first, so it comes before the file head in the text.
  const rest = Object.fromEntries(Object.entries(envelope).filter(([key]) => key !== 'request_id'));
  const json = JSON.stringify({ request_id: PLACEHOLDER_ID, ...rest });
  const [before = '', afterId = ''] = json.split(PLACEHOLDER_ID);
  const [middle = afterId, after = ''] = afterId.split(PLACEHOLDER_FILE_HEAD);
  const fileHead = afterId.includes(PLACEHOLDER_FILE_HEAD) ? () => randomBytes(3).toString('base64') : () => '';
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: `${before}${randomUUID()}${middle}${fileHead()}${after}` }),
  };
}

const oneMegabyte = randomBytes(1 << 20).toString('base64');
const scenarios: { name: string; connections: number; request: AutocannonRequest }[] = [
  {
    name: 'know_schedule',
    connections: 10,
    request: freshRequests(buildEnvelope({ action: 'know_schedule', user: DEMO_PARENT, payload: {} })),
  },
  {
    name: 'chat, 1 MB attachment',
    connections: 4,
    request: freshRequests(
      buildEnvelope({
        action: 'chat_facilitator',
        user: DEMO_PARENT,
        payload: {
          message: 'A photo of the homework',
          // 3 bytes are 4 base64 characters: the 3 bytes after the JPEG signature are swapped per request,
          // and the file stays 1 MB.
          attachments: [
            {
              filename: 'homework.jpg',
              mimetype: 'image/jpeg',
              content: `${JPEG_SIGNATURE}${PLACEHOLDER_FILE_HEAD}${oneMegabyte.slice(8)}`,
            },
          ],
        },
      }),
    ),
  },
];

const THREAD_PARENTS = 1000;
const THREAD_MESSAGES = 100;

/** The seeded threads, written before the server starts: each parent's token and the id of their last message. */
function seedThreads(databasePath: string): { token: string; lastId: number }[] {
  const db = openDatabase(databasePath);
  const addRequest = db.prepare(`
    INSERT INTO requests (request_id, body_hash, action, user_name, user_number, number_key, payload, timestamp_ist,
      received_at, response_status, response_body)
    VALUES (?, 'seed', 'chat_facilitator', ?, ?, ?, ?, ?, ?, 200, '{}')`);
  const addMessage = db.prepare(`
    INSERT INTO thread_messages (number_key, author, request_id, staff_name, text, sent_at, received_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const addBlob = db.prepare('INSERT INTO blobs (sha256, size, content) VALUES (?, ?, ?)');
  const addAttachment = db.prepare(
    "INSERT INTO attachments (request_id, position, filename, mimetype, size, sha256) VALUES (?, 0, 'photo.jpg', 'image/jpeg', ?, 'seed')",
  );
  const addToken = db.prepare(
    "INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at) VALUES (?, ?, ?, '2999-01-01T00:00:00Z')",
  );
  const photo = randomBytes(50_000);
  const now = new Date().toISOString();
  const parents = db.transaction(() => {
    addBlob.run('seed', photo.length, photo);
    return Array.from({ length: THREAD_PARENTS }, (_, p) => {
      const number = `+9170${String(p).padStart(8, '0')}`;
      let lastId = 0;
      for (let m = 0; m < THREAD_MESSAGES; m += 1) {
        const fromParent = m % 5 < 3;
        const text = `Message ${m} of a thread long enough to be a real one, about homework and the next session.`;
        const requestId = fromParent ? randomUUID() : null;
        if (requestId) {
          addRequest.run(requestId, `Parent ${p}`, number, number, JSON.stringify({ message: text }), now, now);
          if (m % 6 === 0) addAttachment.run(requestId, photo.length);
        }
        const author = fromParent ? 'parent' : 'staff';
        lastId = Number(
          addMessage.run(number, author, requestId, fromParent ? null : 'Meera Nair', text, now, now).lastInsertRowid,
        );
      }
      const token = randomBytes(32).toString('base64url');
      addToken.run(tokenHash(token), number, now);
      return { token, lastId };
    });
  })();
  db.close();
  return parents;
}

function threadRequests(parents: readonly { token: string; lastId: number }[], whole: boolean): AutocannonRequest {
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      const parent = parents[Math.floor(Math.random() * parents.length)] ?? parents[0];
      const payload = whole ? {} : { payload: { after: String(parent?.lastId) } };
      return {
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${parent?.token ?? ''}` },
        body: JSON.stringify({ action: 'chat_thread', ...payload }),
      };
    },
  };
}

/**
 * CPU seconds the server process has used (Linux /proc), so a run on a busy
 * machine still tells what one request costs the server.
 */
function serverCpuSeconds(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  // Fields 14 and 15 (utime, stime) in clock ticks, after the ")" that closes the command name.
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

const temp = makeTempPortalDir();
const seedStarted = performance.now();
const threads = seedThreads(temp.databasePath);
console.log(
  `seeded ${THREAD_PARENTS} parents x ${THREAD_MESSAGES} messages in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);
// The whole thread as fast as 10 connections go (the server saturated, as in the scenarios above, so p99 is mostly
// queueing) and over 1 connection (one request at a time: its own latency); then the poll that finds nothing new,
// nearly all of the traffic (1,000 parents polling every 30 s send 33 a second).
scenarios.push(
  { name: 'chat_thread, 100 msgs', connections: 10, request: threadRequests(threads, true) },
  { name: 'chat_thread, 100 msgs', connections: 1, request: threadRequests(threads, true) },
  { name: 'chat_thread, none new', connections: 10, request: threadRequests(threads, false) },
);
const server = await spawnPortal({
  DATABASE_PATH: temp.databasePath,
  DIST_DIR: temp.distDir,
  ROSTER_PATH: resolve(import.meta.dirname, '../server/roster.seed.json'),
  RATE_LIMIT_MAX: '0',
  RATE_LIMIT_PER_NUMBER_MAX: '0',
});
try {
  console.log(
    `server ${server.url} (pid ${server.child.pid}), ${DURATION_S} s per scenario after ${WARM_UP_S} s warm-up\n`,
  );
  console.log(
    'scenario                     connections   requests/s   p50 ms   p99 ms      2xx    other   errors   server CPU/request',
  );
  for (const scenario of scenarios) {
    const run = (duration: number) =>
      autocannon({
        url: server.url,
        connections: scenario.connections,
        duration,
        requests: [scenario.request],
      });
    await run(WARM_UP_S);
    const cpuBefore = serverCpuSeconds(server.child.pid);
    const result = await run(DURATION_S);
    const cpuAfter = serverCpuSeconds(server.child.pid);
    const ok = result.statusCodeStats['200']?.count ?? 0;
    const cpuPerRequest =
      cpuBefore === undefined || cpuAfter === undefined || ok === 0
        ? 'n/a'
        : `${(((cpuAfter - cpuBefore) / ok) * 1e6).toFixed(0)} µs`;
    console.log(
      [
        scenario.name.padEnd(28),
        String(scenario.connections).padStart(11),
        result.requests.average.toFixed(0).padStart(12),
        result.latency.p50.toFixed(1).padStart(8),
        result.latency.p99.toFixed(1).padStart(8),
        String(ok).padStart(8),
        String(result.non2xx).padStart(8),
        String(result.errors + result.timeouts).padStart(8),
        cpuPerRequest.padStart(20),
      ].join(' '),
    );
  }
} finally {
  await server.stop('SIGTERM');
}

const db = new Database(temp.databasePath, { readonly: true });
const stored = db.prepare('SELECT count(*) FROM requests').pluck().get() as number;
const files = db.prepare('SELECT count(*) FROM blobs').pluck().get() as number;
db.close();
temp.cleanup();
console.log(`\n${stored} requests and ${files} distinct files stored (warm-up included); database removed.`);
