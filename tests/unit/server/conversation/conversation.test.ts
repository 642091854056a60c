import { describe, expect, it } from 'vitest';
import { removeExpired } from '../../../../server/db/erase.ts';
import { answerValidator } from '../../../../server/webhook/contract.ts';
import type { ConversationAnswers } from '../../../../src/shared/webhook/conversation.ts';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import {
  asBearer,
  chatThread,
  QUIET_PARENT,
  requestCode,
  verifiedToken,
  verifyCode,
} from '../../../support/conversation.ts';
import { chat, envelope, fileOf, knowSchedule, TEST_PARENT } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

let codes: CodeRecorder;
let p: TestPortal;
portalPerTest((current) => ({ p, codes } = current), { CODE_WEBHOOK_TOKEN: 'gateway-secret' });

const TEST_KEY = '+919000000001';
const QUIET_KEY = '+919000000002';
const thread = (response: { json(): unknown }) => response.json() as ConversationAnswers['chat_thread'];
const later = (ms: number) => {
  p.clock.now = new Date(p.clock.now.getTime() + ms);
};

describe('the code flow, with the code taken from the CODE_WEBHOOK_URL gateway', () => {
  it('sends the code in the parent’s language and gives a token for it, once', async () => {
    const asked = await requestCode(p, TEST_PARENT, { language: 'hi' });
    expect(asked.statusCode).toBe(200);
    expect(answerValidator('request_code')(asked.json())).toBe(true);
    expect(asked.json()).toEqual({ expires_at: new Date(p.clock.now.getTime() + 10 * MINUTE_MS).toISOString() });
    const sent = await codes.nextCode(TEST_KEY);
    expect(sent).toEqual({
      phone: TEST_KEY,
      code: expect.stringMatching(/^[0-9]{6}$/),
      language: 'hi',
      text: expect.any(String),
    });
    expect(sent.text.split('\n').at(-1)).toBe(`@portal.thrive.example #${sent.code}`);
    expect(sent.text).toContain('कोड');
    expect(codes.received.at(-1)?.authorization).toBe('Bearer gateway-secret');

    const stored = p.db.prepare('SELECT code_hash FROM sign_in_codes WHERE number_key = ?').pluck().get(TEST_KEY);
    expect(stored).toMatch(/^scrypt\$/);
    expect(String(stored)).not.toContain(sent.code);

    const verified = await verifyCode(p, TEST_PARENT, sent.code);
    expect(verified.statusCode).toBe(200);
    expect(answerValidator('verify_code')(verified.json())).toBe(true);
    const { token, expires_at } = verified.json() as ConversationAnswers['verify_code'];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expires_at).toBe(new Date(p.clock.now.getTime() + 90 * DAY_MS).toISOString());
    expect(p.count('SELECT count(*) FROM parent_tokens WHERE token_hash = ?', token)).toBe(0);
    expect(p.count('SELECT count(*) FROM parent_tokens WHERE number_key = ?', TEST_KEY)).toBe(1);

    // Single use.
    const again = await verifyCode(p, TEST_PARENT, sent.code);
    expect([again.statusCode, again.body]).toEqual([
      410,
      'No code is waiting for this number: it expired after 10 minutes, was used, or was tried 5 times. Ask for a new code.',
    ]);
  });

  it('sends English by default, and the host PORTAL_HOST names', async () => {
    await p.dispose();
    p = await startTestPortal({ CODE_WEBHOOK_URL: codes.url, PORTAL_HOST: 'portal.thrive.example' });
    expect((await requestCode(p, QUIET_PARENT)).statusCode).toBe(200);
    const sent = await codes.nextCode(QUIET_KEY);
    expect(sent.language).toBe('en');
    expect(sent.text).toBe(
      `Your Thrive portal code is ${sent.code}. It works for 10 minutes. Do not share it with anyone.\n\n` +
        `@portal.thrive.example #${sent.code}`,
    );
  });

  it('ends a code after 10 minutes', async () => {
    await requestCode(p, TEST_PARENT);
    const { code } = await codes.nextCode(TEST_KEY);
    later(10 * MINUTE_MS);
    expect((await verifyCode(p, TEST_PARENT, code)).statusCode).toBe(410);
    expect(p.count('SELECT count(*) FROM sign_in_codes')).toBe(0);
  });

  it('ends a code at the 5th wrong try: the right one no longer works', async () => {
    await requestCode(p, TEST_PARENT);
    const { code } = await codes.nextCode(TEST_KEY);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await verifyCode(p, TEST_PARENT, wrong);
      answers.push(`${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual([
      '401 This code is not right. 4 tries left.',
      '401 This code is not right. 3 tries left.',
      '401 This code is not right. 2 tries left.',
      '401 This code is not right. 1 try left.',
      '410 That was the 5th wrong code, so this code no longer works. Ask for a new code.',
    ]);
    expect((await verifyCode(p, TEST_PARENT, code)).statusCode).toBe(410);
  });

  it('replaces the last code with a new one', async () => {
    await requestCode(p, TEST_PARENT);
    const first = await codes.nextCode(TEST_KEY);
    await requestCode(p, TEST_PARENT);
    const second = await codes.nextCode(TEST_KEY);
    if (first.code !== second.code) expect((await verifyCode(p, TEST_PARENT, first.code)).statusCode).toBe(401);
    expect((await verifyCode(p, TEST_PARENT, second.code)).statusCode).toBe(200);
  });

  it('limits codes to 3 per number in 15 minutes, from any address', async () => {
    const from = (remoteAddress: string) => p.post({ action: 'request_code', user: TEST_PARENT }, { remoteAddress });
    const statuses = [];
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) statuses.push((await from(address)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await from('10.0.0.4');
    expect([refused.statusCode, refused.body]).toEqual([
      429,
      'Too many codes were asked for this phone number. Please wait a few minutes and try again.',
    ]);
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    expect(codes.received.filter((entry) => entry.body.phone === TEST_KEY)).toHaveLength(3);
    later(15 * MINUTE_MS);
    expect((await from('10.0.0.4')).statusCode).toBe(200);
  });

  it('limits codes to 10 per address in an hour, whatever the numbers', async () => {
    const addParent = p.db.prepare("INSERT INTO parents (number, name, facilitator_id) VALUES (?, ?, 'meera-nair')");
    const parents = ['1', '2', '3', '4'].map((n) => ({ name: `Parent ${n}`, number: `+91800000000${n}` }));
    for (const parent of parents) addParent.run(parent.number, parent.name);
    const ask = (user: { name: string; number: string }) =>
      p.post({ action: 'request_code', user }, { remoteAddress: '10.1.1.1' });
    const statuses = [];
    for (const parent of parents) for (let i = 0; i < 3; i += 1) statuses.push((await ask(parent)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await ask(parents[3] ?? TEST_PARENT);
    expect(refused.body).toBe('Too many codes were asked from this address. Please wait an hour and try again.');
    // Another address is not held back.
    expect(
      (await p.post({ action: 'request_code', user: TEST_PARENT }, { remoteAddress: '10.1.1.2' })).statusCode,
    ).toBe(200);
  });

  it('sends nothing to a name and number not on the roster, and stores nothing', async () => {
    for (const user of [
      { name: 'Test Parent', number: '9000000009' },
      { name: 'Someone Else', number: '9000000001' },
    ]) {
      const response = await requestCode(p, user);
      expect([response.statusCode, response.body]).toEqual([
        404,
        'We cannot send a code for these details. Please check the name and number, or contact the programme team.',
      ]);
    }
    expect(codes.received).toHaveLength(0);
    expect(p.count('SELECT count(*) FROM code_requests') + p.count('SELECT count(*) FROM sign_in_codes')).toBe(0);
  });

  it('answers 502 when the gateway does not take the code, and leaves no code that could work', async () => {
    codes.answerWith(503);
    const response = await requestCode(p, TEST_PARENT);
    expect([response.statusCode, response.body]).toEqual([
      502,
      'The code could not be sent. Please try again in a moment.',
    ]);
    expect(p.count('SELECT count(*) FROM sign_in_codes')).toBe(0);
  });
});

describe('reading the thread: two parents', () => {
  it('gives each parent their own messages, only with their own token, and only what is new', async () => {
    const photo = fileOf(3000, 'image/jpeg', 'drawing.jpg');
    const mine = chat('Here is her drawing', [photo]);
    await p.post(mine);
    await p.post({ ...chat('From the other parent', []), user: QUIET_PARENT });
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const otherToken = await verifiedToken(p, codes, QUIET_PARENT);

    const first = await chatThread(p, token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(answerValidator('chat_thread')(first.json())).toBe(true);
    const page = thread(first);
    expect(page.messages).toEqual([
      {
        id: expect.stringMatching(/^[0-9]+$/),
        from: 'parent',
        text: 'Here is her drawing',
        sent_at: mine.timestamp_ist,
        request_id: mine.request_id,
        attachments: [
          {
            filename: 'drawing.jpg',
            mimetype: 'image/jpeg',
            size: 3000,
            url: expect.stringMatching(/^\/api\/thread\/[0-9]+\/files\/0$/),
          },
        ],
      },
    ]);
    expect(page.more).toBe(false);
    expect(thread(await chatThread(p, otherToken)).messages.map((m) => m.text)).toEqual(['From the other parent']);

    // Nothing new: nothing given, the cursor stays.
    const none = thread(await chatThread(p, token, page.cursor));
    expect(none).toEqual({ messages: [], cursor: page.cursor, more: false, read_receipts: true });
    await p.post(chat('And one more', []));
    const next = thread(await chatThread(p, token, page.cursor));
    expect(next.messages.map((m) => m.text)).toEqual(['And one more']);
    expect(Number(next.cursor)).toBeGreaterThan(Number(page.cursor));

    // The file: to its owner only, as a download of its checked type.
    const url = page.messages[0]?.attachments[0]?.url ?? '';
    const file = await p.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(3000);
    expect(file.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="drawing.jpg"; filename*=UTF-8''drawing.jpg`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    const others = await p.app.inject({ url, headers: { authorization: `Bearer ${otherToken}` } });
    expect([others.statusCode, others.body]).toEqual([404, 'Not found']);
    const anonymous = await p.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="thrive"');
  });

  it('is closed without a valid token, even with the right name and number', async () => {
    await p.post(chat('Private', []));
    const refusals = [
      await chatThread(p, undefined),
      await p.post({ action: 'chat_thread', user: TEST_PARENT }),
      await chatThread(p, 'not-a-token-anyone-was-given'),
      await p.post(
        { action: 'chat_thread' },
        { headers: { 'content-type': 'application/json', authorization: 'Basic dGVzdDp0ZXN0' } },
      ),
    ];
    expect(refusals.map((r) => `${r.statusCode} ${r.body}`)).toEqual([
      '401 Verify your phone first: ask for a code and enter it.',
      '400 Unexpected field "user" in the request',
      '401 This device is not verified any more (it signed out, or the token is not known). Ask for a new code.',
      '401 Verify your phone first: ask for a code and enter it.',
    ]);
    expect(refusals[2]?.headers['www-authenticate']).toBe('Bearer realm="thrive", error="invalid_token"');
  });

  it('never takes the token in the body', async () => {
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const response = await p.post({ action: 'chat_thread', token });
    expect([response.statusCode, response.body]).toEqual([400, 'Unexpected field "token" in the request']);
  });

  it('pages a long thread 200 messages at a time', async () => {
    const insert = p.db.prepare(
      "INSERT INTO thread_messages (number_key, author, staff_name, text, sent_at, received_at) VALUES (?, 'staff', 'Meera', ?, ?, ?)",
    );
    for (let i = 1; i <= 250; i += 1)
      insert.run(TEST_KEY, `reply ${i}`, '2026-11-25T12:00:00.000+05:30', '2026-11-25T06:30:00.000Z');
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const first = thread(await chatThread(p, token));
    expect([first.messages.length, first.more]).toEqual([200, true]);
    expect(first.messages[0]).toMatchObject({ from: 'staff', author: 'Meera', text: 'reply 1', attachments: [] });
    const second = thread(await chatThread(p, token, first.cursor));
    expect([second.messages.length, second.more, second.messages.at(-1)?.text]).toEqual([50, false, 'reply 250']);
  });
});

describe('tokens', () => {
  it('expire after 90 days', async () => {
    const token = await verifiedToken(p, codes, TEST_PARENT);
    later(90 * DAY_MS - 1000);
    expect((await chatThread(p, token)).statusCode).toBe(200);
    later(1000);
    const expired = await chatThread(p, token);
    expect([expired.statusCode, expired.body]).toEqual([
      401,
      'This device was verified more than 90 days ago. Ask for a new code.',
    ]);
    expect(p.count('SELECT count(*) FROM parent_tokens')).toBe(0);
  });

  it('are revoked at logout, on the server: the same token opens nothing after', async () => {
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const otherToken = await verifiedToken(p, codes, QUIET_PARENT);
    const revoked = await p.post({ action: 'revoke_token' }, asBearer(token));
    expect([revoked.statusCode, revoked.body]).toEqual([200, '{"revoked":true}']);
    expect(answerValidator('revoke_token')(revoked.json())).toBe(true);
    expect((await chatThread(p, token)).statusCode).toBe(401);
    expect((await p.post({ action: 'revoke_token', payload: {} }, asBearer(token))).statusCode).toBe(401);
    // The other parent's device stays verified.
    expect((await chatThread(p, otherToken)).statusCode).toBe(200);
  });
});

describe('bad input to the conversation actions: a clear 4xx, nothing stored', () => {
  it.each([
    [
      'a code of 5 digits',
      { action: 'verify_code', user: TEST_PARENT, payload: { code: '12345' } },
      'Enter the 6-digit code: six digits, nothing else',
    ],
    [
      'a code with a space',
      { action: 'verify_code', user: TEST_PARENT, payload: { code: '123 456' } },
      'Enter the 6-digit code: six digits, nothing else',
    ],
    [
      'a code as a number',
      { action: 'verify_code', user: TEST_PARENT, payload: { code: 123456 } },
      'Enter the 6-digit code: six digits, nothing else',
    ],
    ['no code', { action: 'verify_code', user: TEST_PARENT, payload: {} }, 'Missing field "code" in payload'],
    [
      'a control character in the name',
      { action: 'request_code', user: { name: 'Test\u001bParent', number: '9000000001' } },
      'The name cannot contain control characters such as tabs or line breaks',
    ],
    [
      'a bad number',
      { action: 'request_code', user: { name: 'Test Parent', number: '12345' } },
      'Please enter a valid phone number (10 digits or E.164 format)',
    ],
    [
      'a request_id',
      { action: 'request_code', user: TEST_PARENT, request_id: '6f1c2b5e-8a4d-4f0e-9b7a-3c2d1e0f9a8b' },
      'Unexpected field "request_id" in the request',
    ],
    [
      'a language other than en or hi',
      { action: 'request_code', user: TEST_PARENT, language: 'fr' },
      'language must be "en" or "hi"',
    ],
    [
      'a cursor with a control character',
      { action: 'chat_thread', payload: { after: '1\u0000' } },
      'payload.after is not a cursor this webhook gave. Ask again without it.',
    ],
  ])('%s', async (_case, body, text) => {
    const response = await p.post(body);
    expect([response.statusCode, response.body]).toEqual([400, text]);
    expect(codes.received).toHaveLength(0);
    expect(p.count('SELECT count(*) FROM code_requests') + p.count('SELECT count(*) FROM sign_in_codes')).toBe(0);
  });

  it('a code for a number that has none: 410, and nothing stored', async () => {
    const response = await verifyCode(p, { name: 'Nobody', number: '9111111111' }, '123456');
    expect(response.statusCode).toBe(410);
    expect(p.count('SELECT count(*) FROM sign_in_codes') + p.count('SELECT count(*) FROM parent_tokens')).toBe(0);
  });

  it('a cursor this server never gave: 400', async () => {
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const response = await chatThread(p, token, 'abc');
    expect([response.statusCode, response.body]).toEqual([
      400,
      'payload.after is not a cursor this webhook gave. Ask again without it.',
    ]);
  });
});

describe('REQUIRE_CODE_AT_SIGN_IN=1', () => {
  it('signs in only with a token given to the same number', async () => {
    await p.dispose();
    p = await startTestPortal({
      CODE_WEBHOOK_URL: codes.url,
      PORTAL_HOST: 'portal.thrive.example',
      REQUIRE_CODE_AT_SIGN_IN: '1',
    });
    const without = await p.post(knowSchedule());
    expect([without.statusCode, without.body]).toEqual([401, 'Enter the 6-digit code sent to your phone to sign in.']);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="thrive"');
    const otherToken = await verifiedToken(p, codes, QUIET_PARENT);
    expect((await p.post(knowSchedule(), asBearer(otherToken))).statusCode).toBe(401);
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const body = knowSchedule();
    expect((await p.post(body, asBearer(token))).statusCode).toBe(200);
    // A stored sign-in is not answered again to a request without the token.
    expect((await p.post(body)).statusCode).toBe(401);
    // The other actions are as the spec has them.
    expect((await p.post(envelope('reschedule_single', { date: '2026-11-27' }))).statusCode).toBe(200);
  });
});

describe('retention covers the thread', () => {
  it('removes messages and staff replies older than RETENTION_DAYS, and expired codes and tokens', async () => {
    await p.post(chat('Old message', [fileOf(300)]));
    const token = await verifiedToken(p, codes, TEST_PARENT);
    await requestCode(p, QUIET_PARENT);
    p.db
      .prepare(
        `INSERT INTO thread_messages (number_key, author, staff_name, text, sent_at, received_at)
         VALUES (?, 'staff', 'Meera', 'Old reply', '2026-11-25T12:00:00.000+05:30', ?)`,
      )
      .run(TEST_KEY, p.clock.now.toISOString());
    later(90 * DAY_MS);
    p.db
      .prepare(
        `INSERT INTO thread_messages (number_key, author, staff_name, text, sent_at, received_at)
         VALUES (?, 'staff', 'Meera', 'Recent reply', '2026-11-25T12:00:00.000+05:30', ?)`,
      )
      .run(TEST_KEY, p.clock.now.toISOString());
    later(91 * DAY_MS);
    const removed = removeExpired(p.db, p.clock.now, 180);
    expect(removed).toMatchObject({ requests: 1, attachments: 1, replies: 1 });
    expect(p.db.prepare('SELECT text FROM thread_messages').pluck().all()).toEqual(['Recent reply']);
    expect(p.count('SELECT count(*) FROM parent_tokens') + p.count('SELECT count(*) FROM sign_in_codes')).toBe(0);
    expect(p.count('SELECT count(*) FROM code_requests') + p.count('SELECT count(*) FROM code_tries')).toBe(0);
    expect((await chatThread(p, token)).statusCode).toBe(401);
  });
});
