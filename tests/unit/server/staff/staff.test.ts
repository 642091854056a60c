import { describe, expect, it } from 'vitest';
import type { ConversationAnswers } from '../../../../src/shared/webhook/conversation.ts';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import { chatThread, QUIET_PARENT, verifiedToken } from '../../../support/conversation.ts';
import {
  bookConsult,
  chat,
  envelope,
  fileOf,
  rescheduleSingle,
  TEST_PARENT,
  VISITOR,
} from '../../../support/envelopes.ts';
import { commandOutput, runCommand } from '../../../support/commands.ts';
import { addStaff, sessionOf, signIn, STAFF, staffSession } from '../../../support/staff.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

let codes: CodeRecorder;
let p: TestPortal;
portalPerTest((current) => ({ p, codes } = current));

const thread = (response: { json(): unknown }) => response.json() as ConversationAnswers['chat_thread'];

describe('the staff inbox: two parents and a staff member', () => {
  it('lists conversations unread first; a reply reaches that parent’s next chat_thread, and no other', async () => {
    await addStaff(p);
    await p.post(chat('From Test Parent', [fileOf(1500, 'image/png', 'drawing.png')]));
    await p.post({ ...chat('From Quiet Parent', []), user: QUIET_PARENT });
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const otherToken = await verifiedToken(p, codes, QUIET_PARENT);
    const before = thread(await chatThread(p, token));
    const staff = await staffSession(p);

    const inbox = await staff.get('/staff');
    expect(inbox.statusCode).toBe(200);
    const order = [...inbox.body.matchAll(/href="\/staff\/conversations\/([0-9]+)#latest"><bdi>([^<]+)</g)].map(
      (m) => m[2],
    );
    expect(order).toEqual(['Quiet Parent', 'Test Parent']);
    const opened = await staff.get('/staff/conversations/919000000001');
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('From Test Parent');
    const read = await staff.post('/staff/conversations/919000000001/read', {
      csrf: await staff.csrf(),
      through: /name="through" value="([0-9]+)"/.exec(opened.body)?.[1] ?? '',
    });
    expect([read.statusCode, read.headers.location]).toEqual([303, '/staff/conversations/919000000001#latest']);
    // Read now, so it goes below the one still unread.
    const after = await staff.get('/staff');
    const cards = [
      ...after.body.matchAll(/class="card( unread)?">\n<a href="\/staff\/conversations\/([0-9]+)#latest"/g),
    ];
    expect(cards.map((m) => `${m[2]}${m[1] ?? ''}`)).toEqual(['919000000002 unread', '919000000001']);

    const file = await staff.get(/href="(\/staff\/thread\/[0-9]+\/files\/0)"/.exec(opened.body)?.[1] ?? '');
    expect([file.statusCode, file.headers['content-type'], file.headers['content-disposition']]).toEqual([
      200,
      'image/png',
      `attachment; filename="drawing.png"; filename*=UTF-8''drawing.png`,
    ]);

    const csrf = await staff.csrf();
    const sent = await staff.post('/staff/conversations/919000000001/replies', {
      csrf,
      text: 'Thank you!\r\nSee you Monday.',
    });
    expect([sent.statusCode, sent.headers.location]).toEqual([303, '/staff/conversations/919000000001?sent=1#latest']);
    expect((await staff.get(String(sent.headers.location))).body).toContain(
      '<p class="notice" role="status">Reply sent</p>',
    );

    const next = thread(await chatThread(p, token, before.cursor));
    expect(next.messages).toEqual([
      {
        id: expect.any(String),
        from: 'staff',
        author: 'Meera Nair',
        text: 'Thank you!\nSee you Monday.',
        sent_at: '2026-11-25T12:00:00.000+05:30',
        attachments: [],
      },
    ]);
    expect(thread(await chatThread(p, otherToken)).messages.map((m) => m.from)).toEqual(['parent']);
  });

  it('lists reschedule requests, consults and calls, new first, with a status staff set', async () => {
    await addStaff(p);
    const reschedule = rescheduleSingle('2026-11-27', 'Exams that week');
    await p.post(reschedule);
    await p.post(bookConsult('Mornings'));
    await p.post(envelope('schedule_call', {}, { user: VISITOR }));
    const staff = await staffSession(p);
    const inbox = (await staff.get('/staff')).body;
    expect(inbox.match(/Status: New/g)).toHaveLength(2);
    expect(inbox.match(/Status: Waiting for an answer/g)).toHaveLength(1);
    expect(inbox).toContain(
      'Reschedule (one day): <bdi>Test Parent</bdi>, <a href="tel:+919000000001">+91 90000 00001</a>',
    );
    expect(inbox).toContain('Note: Exams that week');
    expect(inbox).toContain('Preferred times: Mornings');

    const csrf = await staff.csrf();
    const handled = await staff.post(`/staff/requests/${reschedule.request_id}/status`, { csrf, status: 'handled' });
    const back = `/staff?done=${reschedule.request_id}&what=mark#request-${reschedule.request_id}`;
    expect([handled.statusCode, handled.headers.location]).toEqual([303, back]);
    const now = (await staff.get(back)).body;
    expect(now).toContain(
      'Marked handled: Reschedule (one day) from <bdi>Test Parent</bdi>, by <bdi>Meera Nair</bdi>, 25 Nov 2026, 12:00 PM.',
    );
    expect(now).toContain('Marked handled by <bdi>Meera Nair</bdi>, 25 Nov 2026, 12:00 PM');
    expect(p.count('SELECT count(*) FROM request_handling')).toBe(1);
    await staff.post(`/staff/requests/${reschedule.request_id}/status`, { csrf, status: 'new' });
    expect(p.count('SELECT count(*) FROM request_handling')).toBe(0);

    const unknown = await staff.post('/staff/requests/6f1c2b5e-8a4d-4f0e-9b7a-3c2d1e0f9a8b/status', {
      csrf,
      status: 'handled',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await staff.post(`/staff/requests/${reschedule.request_id}/status`, { csrf, status: 'done' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows names and replies as text, never as HTML', async () => {
    await addStaff(p);
    const name = '<img src=x onerror=alert(1)>';
    await p.post({ ...chat('<script>alert("hi")</script>', []), user: { name, number: '9123456780' } });
    const staff = await staffSession(p);
    const inbox = (await staff.get('/staff')).body;
    expect(inbox).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(inbox).not.toContain('<img');
    const opened = (await staff.get('/staff/conversations/919123456780')).body;
    expect(opened).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
    expect(opened).not.toContain('<script');
    const csrf = await staff.csrf();
    await staff.post('/staff/conversations/919123456780/replies', { csrf, text: '<b>bold</b> & "quoted"' });
    expect((await staff.get('/staff/conversations/919123456780')).body).toContain(
      '&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;',
    );
  });

  it('isolates every piece of parent text by direction, and shows direction controls rather than obey them', async () => {
    await addStaff(p);
    const user = { name: 'عائشہ خان', number: '9123456780' };
    const message = 'Please open Mal\u202eGNP.exe and \u2067this\u2069';
    await p.post({ ...chat(message, [fileOf(300, 'image/png', 'scan.png')]), user });
    await p.post({
      ...envelope('book_consult', {}, { user, message: 'Call \u202ebackwards', preferredTimes: 'Mornings' }),
    });
    const staff = await staffSession(p);
    const inbox = (await staff.get('/staff')).body;
    const opened = (await staff.get('/staff/conversations/919123456780')).body;
    for (const page of [inbox, opened]) {
      // The title is plain text: there the name sits between an isolate pair of the page's own.
      expect(page.replace(/<title>.*<\/title>/u, '')).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/u);
      expect(page).toContain('<bdi>عائشہ خان</bdi>');
      expect(page).toContain('<a href="tel:+919123456780">+91 91234 56780</a>');
      expect(page).toContain('<bdi>Meera Nair</bdi>');
    }
    expect(inbox).toContain('<p class="text" dir="auto">Message: Call [U+202E]backwards</p>');
    expect(inbox).toContain('<p class="text" dir="auto">Preferred times: Mornings</p>');
    expect(opened).toContain('<p class="text" dir="auto">Please open Mal[U+202E]GNP.exe and [U+2067]this[U+2069]</p>');
    expect(opened).toContain('<bdi>scan.png</bdi>');
    expect(opened).toContain('<textarea id="reply" name="text" dir="auto" required>');
    expect(opened).toMatch(/<title>Conversation with \u2068عائشہ خان\u2069 · Thrive staff<\/title>/u);
  });

  it('marks each message by how it came: from the parent’s verified phone, or with name and number only', async () => {
    await addStaff(p);
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const otherToken = await verifiedToken(p, codes, QUIET_PARENT);
    const bearer = (value: string) => ({ headers: { 'content-type': 'application/json', authorization: value } });
    await p.post(chat('With my own token', []), bearer(`Bearer ${token}`));
    await p.post(chat('Without a token', []));
    await p.post(chat('With another parent’s token', []), bearer(`Bearer ${otherToken}`));
    await p.post(chat('With a token nobody was given', []), bearer(`Bearer ${'x'.repeat(43)}`));
    const staff = await staffSession(p);
    const page = (await staff.get('/staff/conversations/919000000001')).body;
    const marks = [...page.matchAll(/<p class="via[^"]*">([^<]+)<\/p>\n<p class="text" dir="auto">([^<]+)</g)].map(
      (m) => `${m[2]}: ${m[1]}`,
    );
    const verified = 'Sent from this parent’s verified phone';
    const unverified = 'Sent with name and number only: anyone who knows them could have sent it';
    expect(marks).toEqual([
      `With my own token: ${verified}`,
      `Without a token: ${unverified}`,
      `With another parent’s token: ${unverified}`,
      `With a token nobody was given: ${unverified}`,
    ]);
  });

  it('marks a thread read only by a POST with the CSRF token, up to the message the page showed', async () => {
    await addStaff(p);
    await p.post(chat('First', []));
    const staff = await staffSession(p);
    const opened = await staff.get('/staff/conversations/919000000001');
    expect(p.count('SELECT count(*) FROM thread_reads')).toBe(0);
    const through = /name="through" value="([0-9]+)"/.exec(opened.body)?.[1] ?? '';
    await p.post(chat('Second, after the page was shown', []));
    const url = '/staff/conversations/919000000001/read';
    expect((await staff.post(url, { through })).statusCode).toBe(403);
    expect((await staff.post(url, { csrf: await staff.csrf(), through })).statusCode).toBe(303);
    expect(p.db.prepare('SELECT read_through FROM thread_reads').pluck().get()).toBe(Number(through));
    const inbox = (await staff.get('/staff')).body;
    expect(inbox).toContain('1 unread');
    expect((await staff.post(url, { csrf: await staff.csrf(), through: 'all' })).statusCode).toBe(400);
  });

  it('refuses a staff form over 64 KB, and says so', async () => {
    await addStaff(p);
    await p.post(chat('Hello', []));
    const staff = await staffSession(p);
    const response = await staff.post('/staff/conversations/919000000001/replies', {
      csrf: await staff.csrf(),
      text: 'a'.repeat(70 * 1024),
    });
    expect([response.statusCode, response.body]).toEqual([413, 'The request is too large: the limit is 64 KB.']);
    const hindi = await staff.post(
      '/staff/conversations/919000000001/replies',
      { csrf: await staff.csrf(), text: 'a'.repeat(70 * 1024) },
      { 'accept-language': 'hi' },
    );
    expect(hindi.body).toBe('अनुरोध बहुत बड़ा है, इसकी सीमा 64 केबी है');
  });

  it('refuses a long reply, a blank one, control characters and direction overrides, keeping the text and storing nothing', async () => {
    await addStaff(p);
    await p.post(chat('Hello', []));
    const staff = await staffSession(p);
    const csrf = await staff.csrf();
    const url = '/staff/conversations/919000000001/replies';
    const cases = [
      ['a'.repeat(2001), 'A reply must be 2000 characters or less (this one has 2001)'],
      ['   \r\n ', 'Please write a reply'],
      ['Hello\u001b[2J', 'A reply cannot contain control characters other than line breaks'],
      ['See you \u202Eyadnom', 'A reply cannot contain characters that change the direction of text, such as U+202E'],
    ];
    for (const [text = '', problem = ''] of cases) {
      const response = await staff.post(url, { csrf, text });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`role="alert" id="reply-problem">${problem}</p>`);
    }
    expect(p.count("SELECT count(*) FROM thread_messages WHERE author = 'staff'")).toBe(0);
    expect((await staff.post('/staff/conversations/919999999999/replies', { csrf, text: 'Hi' })).statusCode).toBe(404);
  });
});

describe('staff security', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie for /staff, Secure over HTTPS, and no page script', async () => {
    await addStaff(p);
    const plain = await signIn(p, STAFF.email, STAFF.password);
    expect(plain.statusCode).toBe(303);
    expect(plain.headers['set-cookie']).toMatch(
      /^thrive_staff=[A-Za-z0-9_-]{43}; Path=\/staff; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    await p.dispose();
    p = await startTestPortal({ TRUST_PROXY: 'true' });
    await addStaff(p);
    const https = await signIn(p, STAFF.email, STAFF.password, { 'x-forwarded-proto': 'https' });
    expect(https.headers['set-cookie']).toMatch(/; Secure$/);
    const page = await p.app.inject({ url: '/staff/sign-in' });
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/,
    );
    expect(page.body).not.toContain('<script');
    // Same-origin forms then carry their Origin (under no-referrer a browser would send `Origin: null`).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    // The id is stored hashed only.
    expect(p.count('SELECT count(*) FROM staff_sessions WHERE id_hash = ?', sessionOf(https))).toBe(0);
    expect(p.count('SELECT count(*) FROM staff_sessions')).toBe(1);
  });

  it('makes a new session id at every sign-in, ending the one the browser came with', async () => {
    await addStaff(p);
    const first = sessionOf(await signIn(p, STAFF.email, STAFF.password));
    const second = sessionOf(await signIn(p, STAFF.email, STAFF.password, { cookie: `thrive_staff=${first}` }));
    expect(second).not.toBe(first);
    expect((await p.app.inject({ url: '/staff', headers: { cookie: `thrive_staff=${first}` } })).statusCode).toBe(303);
    expect((await p.app.inject({ url: '/staff', headers: { cookie: `thrive_staff=${second}` } })).statusCode).toBe(200);
    // A planted id that was never a session is not adopted.
    const planted = await signIn(p, STAFF.email, STAFF.password, { cookie: 'thrive_staff=planted-by-an-attacker' });
    expect(sessionOf(planted)).not.toBe('planted-by-an-attacker');
  });

  it('refuses a state change without the session’s CSRF token or from another origin', async () => {
    await addStaff(p);
    await p.post(chat('Hello', []));
    const staff = await staffSession(p);
    const csrf = await staff.csrf();
    const url = '/staff/conversations/919000000001/replies';
    expect((await staff.post(url, { text: 'no token' })).statusCode).toBe(403);
    expect((await staff.post(url, { csrf: 'x'.repeat(43), text: 'wrong token' })).statusCode).toBe(403);
    expect((await staff.post(url, { csrf, text: 'other origin' }, { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await staff.post(url, { csrf, text: 'opaque origin' }, { origin: 'null' })).statusCode).toBe(403);
    expect(p.count("SELECT count(*) FROM thread_messages WHERE author = 'staff'")).toBe(0);
    expect((await staff.post(url, { csrf, text: 'fine' }, { origin: 'http://localhost:80' })).statusCode).toBe(303);
    expect((await staff.post(url, { csrf, text: 'no origin sent' })).statusCode).toBe(303);
  });

  it('opens nothing under /staff for a parent’s bearer token', async () => {
    await addStaff(p);
    await p.post(chat('Hello', [fileOf(500)]));
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const bearer = { authorization: `Bearer ${token}` };
    for (const url of ['/staff', '/staff/conversations/919000000001', '/staff/thread/1/files/0']) {
      const response = await p.app.inject({ url, headers: bearer });
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 303, '/staff/sign-in']);
    }
    const post = await p.app.inject({
      method: 'POST',
      url: '/staff/conversations/919000000001/replies',
      headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=hi',
    });
    expect(post.statusCode).toBe(303);
    expect(p.count("SELECT count(*) FROM thread_messages WHERE author = 'staff'")).toBe(0);
  });

  it('signs out: the session ends on the server', async () => {
    await addStaff(p);
    const staff = await staffSession(p);
    const out = await staff.post('/staff/sign-out', { csrf: await staff.csrf() });
    expect([out.statusCode, out.headers.location]).toEqual([303, '/staff/sign-in']);
    expect(out.headers['set-cookie']).toMatch(/^thrive_staff=; .*Max-Age=0/);
    expect((await staff.get('/staff')).statusCode).toBe(303);
    expect(p.count('SELECT count(*) FROM staff_sessions')).toBe(0);
  });
});

describe('npm run staff', { timeout: 30_000 }, () => {
  it('refuses a name that changes the direction of text: parents see it beside every reply', async () => {
    const run = await runCommand('staff', ['add', 'priya@thrive.example', '--name', 'Priya \u202eamrahS'], {
      DATABASE_PATH: p.config.databasePath,
      STAFF_PASSWORD: 'a long enough password',
    });
    expect([run.status, run.stderr]).toEqual([
      2,
      'The name cannot contain control characters or characters that change the direction of text, such as U+202E.\n',
    ]);
    expect(p.count('SELECT count(*) FROM staff')).toBe(0);
  });

  it('adds an account with STAFF_PASSWORD when there is no terminal, hashed with scrypt, and it signs in', async () => {
    const output = await commandOutput('staff', ['add', 'Priya@Thrive.example', '--name', 'Priya Sharma'], {
      DATABASE_PATH: p.config.databasePath,
      STAFF_PASSWORD: 'a long enough password',
    });
    expect(output).toBe('Staff account priya@thrive.example added: sign in at /staff\n');
    const hash = String(p.db.prepare('SELECT password_hash FROM staff').pluck().get());
    expect(hash).toMatch(/^scrypt\$65536\$8\$1\$/);
    expect(hash).not.toContain('a long enough password');
    expect((await signIn(p, 'priya@thrive.example', 'a long enough password')).statusCode).toBe(303);
  });
});
