import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEntry, printable } from '../../../../server/inbox/format-entry.ts';
import { latestRequests } from '../../../../server/inbox/latest-requests.ts';
import { bookConsult, chat, fileOf, knowSchedule, rescheduleRange } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
  portal.clock.now = new Date('2026-11-25T12:00:00+05:30');
  await portal.post(knowSchedule());
  portal.clock.now = new Date('2026-11-25T12:05:00+05:30');
  await portal.post(rescheduleRange('2026-11-27', '2026-11-30'));
  portal.clock.now = new Date('2026-11-25T12:10:00+05:30');
  await portal.post(chat('See the video', [fileOf(1536, 'video/mp4', 'dance.mp4')]));
  portal.clock.now = new Date('2026-11-25T12:15:00+05:30');
  await portal.post(bookConsult('Weekends'));
});
afterAll(async () => {
  await portal.dispose();
});

describe('the inbox', () => {
  it('lists the newest requests first, and filters by action', () => {
    expect(latestRequests(portal.db, { limit: 10 }).map((entry) => entry.action)).toEqual([
      'book_consult',
      'chat_facilitator',
      'reschedule_range',
      'know_schedule',
    ]);
    expect(latestRequests(portal.db, { limit: 10, action: 'chat_facilitator' })).toHaveLength(1);
    expect(latestRequests(portal.db, { limit: 2 })).toHaveLength(2);
  });

  it('shows a chat with its attachment and the channel it went to', () => {
    const [entry] = latestRequests(portal.db, { limit: 1, action: 'chat_facilitator' });
    if (!entry) throw new Error('no chat stored');
    expect(formatEntry(entry).split('\n')).toEqual([
      '25 Nov 2026, 12:10 PM  chat_facilitator  Test Parent (+919000000001)',
      '    message: See the video',
      '    attachment: dance.mp4 (video/mp4, 1.50 KB)',
      '    answered: Your message and 1 attachment reached Meera Nair. [#facilitator-meera-nair]',
      `    request_id: ${entry.requestId}`,
    ]);
  });

  it('shows the language a request names', async () => {
    await portal.post({ ...bookConsult(), language: 'hi' });
    const [entry] = latestRequests(portal.db, { limit: 1 });
    expect(entry && formatEntry(entry)).toContain('\n    language: hi\n');
  });

  it('prints a stored entry with terminal escapes and forged lines as visible escapes, on the lines it owns', () => {
    const [entry] = latestRequests(portal.db, { limit: 1, action: 'chat_facilitator' });
    if (!entry) throw new Error('no chat stored');
    // As an older server, which let control characters in, may have stored them.
    const hostile = {
      ...entry,
      userName: 'Asha\u001b[2J\u0007',
      payload: { message: 'hi\n    answered: forged [#x]\rok' },
      attachments: [{ filename: 'a\u202egnp.exe', mimetype: 'image/png', size: 10 }],
    };
    const lines = formatEntry(hostile).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('Asha\\x1b[2J\\x07 (+919000000001)');
    expect(lines[1]).toBe('    message: hi\\n    answered: forged [#x]\\rok');
    expect(lines[2]).toBe('    attachment: a\\u{202e}gnp.exe (image/png, 10 Bytes)');
  });

  it.each([
    ['plain text', 'Asha Verma', 'Asha Verma'],
    ['Hindi with its joiners', 'आशा\u200d वर्मा', 'आशा\u200d वर्मा'],
    ['a backslash, so an escape cannot be faked', 'a\\x1b', 'a\\\\x1b'],
    ['a tab, DEL and a C1 control', '\t\u007f\u0085', '\\t\\x7f\\x85'],
    ['bidi isolates and a line separator', '\u2066x\u2069\u2028', '\\u{2066}x\\u{2069}\\u{2028}'],
    ['a lone surrogate', 'a\ud800b', 'a\\u{d800}b'],
  ])('printable keeps %s readable and inert', (_case, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('prints from the command line what arrived, while the server holds the database open', { timeout: 30_000 }, () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/inbox.ts', '--limit', '4'], {
      cwd: resolve(import.meta.dirname, '../../../..'),
      env: { ...process.env, DATABASE_PATH: portal.config.databasePath },
      encoding: 'utf8',
    });
    expect(output).toContain('5 requests stored, newest first');
    expect(output).toContain('book_consult  Ravi Kumar (9123456780)');
    expect(output).toContain('preferred times: Weekends');
    expect(output).toContain('dates: 2026-11-27 to 2026-11-30');
    expect(output).not.toContain('know_schedule');
  });
});
