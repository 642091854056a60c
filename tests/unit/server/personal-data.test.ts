import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { bookConsult, chat, envelope, fileOf, TEST_PARENT, VISITOR } from '../../support/envelopes.ts';
import { createPortalServer } from '../../../server/server.ts';
import { makeTempPortalDir } from '../../../bench/support/portal-process.ts';
import { commandOutput } from '../../support/commands.ts';
import { startTestPortal, testConfig, type TestPortal } from '../../support/test-portal.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const mode = (path: string) => statSync(path).mode & 0o777;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function portal(env: Record<string, string> = {}): Promise<TestPortal> {
  const started = await startTestPortal(env);
  cleanups.push(() => started.dispose());
  return started;
}

describe('the database file', () => {
  it('is made readable by its owner only (0600), in a folder only its owner can enter (0700)', async () => {
    const temp = makeTempPortalDir();
    const config = testConfig(temp);
    const { db, close } = await createPortalServer(config);
    cleanups.push(temp.cleanup, close);
    db.prepare('SELECT 1').get();
    expect(mode(config.databasePath).toString(8)).toBe('600');
    expect(mode(`${config.databasePath}-wal`).toString(8)).toBe('600');
    expect(mode(dirname(config.databasePath)).toString(8)).toBe('700');
  });

  it('is narrowed to 0600 when an older server left it readable by others, in a folder it leaves alone', () => {
    const temp = makeTempPortalDir();
    cleanups.push(temp.cleanup);
    mkdirSync(dirname(temp.databasePath), { mode: 0o755 });
    chmodSync(dirname(temp.databasePath), 0o755);
    openDatabase(temp.databasePath).close();
    writeFileSync(temp.databasePath, '', { flag: 'a' });
    chmodSync(temp.databasePath, 0o644);
    openDatabase(temp.databasePath).close();
    expect(mode(temp.databasePath).toString(8)).toBe('600');
    expect(mode(dirname(temp.databasePath)).toString(8)).toBe('755');
  });
});

describe('retention', () => {
  const requests = (p: TestPortal) => p.count('SELECT count(*) FROM requests');

  /** Sends a chat with `file` at `at`, as the server's clock has it. */
  async function chatAt(p: TestPortal, at: Date, file = fileOf(500)) {
    p.clock.now = at;
    const body = { ...chat('hello', [file]), timestamp_ist: '2026-01-01T10:00:00.000+05:30' };
    expect((await p.post(body)).statusCode).toBe(200);
    return body;
  }

  it('removes requests, answers, attachments and unused files older than RETENTION_DAYS on start', async () => {
    const temp = makeTempPortalDir();
    cleanups.push(temp.cleanup);
    const config = testConfig(temp, { RETENTION_DAYS: '30' });
    let now = new Date('2026-01-01T10:00:00Z');
    const first = await createPortalServer(config, () => now);
    const send = (body: unknown) =>
      first.app.inject({ method: 'POST', url: '/api/webhook', payload: body as Record<string, unknown> });
    const old = chat('old', [fileOf(500)]);
    const shared = fileOf(700);
    expect((await send(old)).statusCode).toBe(200);
    now = new Date('2026-01-02T10:00:00Z');
    expect((await send(chat('also old', [shared]))).statusCode).toBe(200);
    now = new Date('2026-02-20T10:00:00Z');
    expect((await send(chat('recent', [shared]))).statusCode).toBe(200);
    await first.close();

    now = new Date('2026-03-01T10:00:00Z');
    const again = await createPortalServer(config, () => now);
    cleanups.push(() => again.close());
    expect(again.expired).toEqual({ requests: 2, attachments: 2, files: 1, fileBytes: 500, replies: 0 });
    const count = (sql: string) => again.db.prepare(sql).pluck().get();
    expect(count('SELECT count(*) FROM requests')).toBe(1);
    expect(again.db.prepare('SELECT payload FROM requests').pluck().get()).toBe('{"message":"recent"}');
    expect(count('SELECT count(*) FROM blobs')).toBe(1);
    expect(
      again.db.prepare('SELECT request_id FROM requests WHERE request_id = ?').get(old.request_id),
    ).toBeUndefined();
  });

  it('runs again every day while the server runs, and forgets the request_ids with the requests', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const p = await portal({ RETENTION_DAYS: '180' });
    const body = await chatAt(p, new Date('2026-01-01T10:00:00Z'));
    p.clock.now = new Date(Date.parse('2026-01-01T10:00:00Z') + 180 * DAY_MS - 60_000);
    vi.advanceTimersByTime(DAY_MS);
    expect(requests(p)).toBe(1);
    p.clock.now = new Date(Date.parse('2026-01-01T10:00:00Z') + 181 * DAY_MS);
    vi.advanceTimersByTime(DAY_MS);
    expect(requests(p)).toBe(0);
    expect(p.count('SELECT count(*) FROM blobs')).toBe(0);
    // The id is forgotten: the same request is now a new one, not a replay.
    const again = await p.post(body);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, undefined]);
  });
});

// Each test runs the script in a Node process of its own: seconds on a busy machine.
describe('npm run forget', { timeout: 30_000 }, () => {
  const forget = (p: TestPortal, number: string) =>
    commandOutput('forget', ['--number', number], { DATABASE_PATH: p.config.databasePath });

  it('erases every request of a number however it was typed, its files and its roster entry, and says so', async () => {
    const p = await portal();
    const photo = fileOf(2048, 'image/jpeg', 'a.jpg');
    await p.post(chat('one', [photo, fileOf(1024, 'audio/ogg', 'b.ogg')]));
    await p.post(envelope('know_schedule', {}, { user: { ...TEST_PARENT, number: '9000000001' } }));
    const other = { ...chat('mine', [photo]), user: VISITOR };
    await p.post(other);
    await p.post(bookConsult());
    // A staff reply in the thread, and a verified device.
    p.db
      .prepare(
        `INSERT INTO thread_messages (number_key, author, staff_name, text, sent_at, received_at)
         VALUES ('+919000000001', 'staff', 'Meera', 'Hello', '2026-11-25T12:00:00.000+05:30', '2026-11-25T06:30:00Z')`,
      )
      .run();
    p.db
      .prepare(
        `INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at)
         VALUES ('hash', '+919000000001', '2026-11-25T06:30:00Z', '2027-02-23T06:30:00Z')`,
      )
      .run();
    // A try at a code, with the address it came from.
    await p.post({ action: 'verify_code', user: TEST_PARENT, payload: { code: '123456' } });

    const output = await forget(p, '90000 00001');
    expect(output.split('\n')).toEqual([
      `Erased everything stored for +919000000001 in ${p.config.databasePath}:`,
      '  2 requests, with their answers and request_ids',
      '  2 attachments',
      '  the chat thread, with 1 staff reply',
      '  1 verified device signed out (their tokens revoked)',
      '  0 push subscriptions, with the notifications waiting to go',
      '  1 stored file no other request uses (1.00 KB)',
      '  the roster entry "Test Parent" with 4 weekly sessions',
      '',
    ]);
    expect(p.count('SELECT count(*) FROM requests WHERE number_key = ?', '+919000000001')).toBe(0);
    expect(p.count("SELECT count(*) FROM parents WHERE number = '+919000000001'")).toBe(0);
    expect(p.count("SELECT count(*) FROM thread_messages WHERE number_key = '+919000000001'")).toBe(0);
    expect(p.count('SELECT count(*) FROM parent_tokens')).toBe(0);
    expect(p.count('SELECT count(*) FROM code_tries')).toBe(0);
    expect(p.count("SELECT count(*) FROM sessions WHERE parent_number = '+919000000001'")).toBe(0);
    // The visitor's requests and the photo they also sent stay.
    expect(p.count('SELECT count(*) FROM requests')).toBe(2);
    expect(p.count('SELECT count(*) FROM blobs')).toBe(1);
  });

  it('refuses a number that breaks the phone rule, and erases nothing', async () => {
    const p = await portal();
    await p.post(bookConsult());
    await expect(forget(p, '12345')).rejects.toThrow('with a valid phone number (got "12345")');
    expect(p.count('SELECT count(*) FROM requests')).toBe(1);
  });
});
