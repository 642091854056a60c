import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookConsult, chat, fileOf, knowSchedule, rescheduleSingle } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await startTestPortal();
});
afterEach(async () => {
  await portal.dispose();
});

const requests = () => portal.count('SELECT count(*) FROM requests');

describe('idempotency by request_id', () => {
  it.each([
    ['book_consult', bookConsult('Mornings')],
    ['chat_facilitator with a file', chat('hello', [fileOf(4096)])],
    ['know_schedule', knowSchedule()],
  ])('a repeated %s gets the first answer again and stores nothing new', async (_action, body) => {
    const first = await portal.post(body);
    const again = await portal.post(body);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(requests()).toBe(1);
  });

  it('recognises the same request with its keys in another order', async () => {
    const body = bookConsult();
    await portal.post(body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await portal.post(reordered);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
  });

  it('replays the first answer even when the day has moved on since', async () => {
    const body = rescheduleSingle('2026-11-25');
    const first = await portal.post(body);
    portal.clock.now = new Date('2026-11-27T09:00:00+05:30');
    const again = await portal.post(body);
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
  });

  it.each([
    ['another message', (body: ReturnType<typeof bookConsult>) => ({ ...body, message: 'Changed my mind' })],
    [
      'another user',
      (body: ReturnType<typeof bookConsult>) => ({ ...body, user: { name: 'X', number: '9000000009' } }),
    ],
    ['another action', (body: ReturnType<typeof bookConsult>) => ({ ...body, action: 'schedule_call' })],
  ])('answers 409 to the same request_id with %s, and keeps the first', async (_case, change) => {
    const body = bookConsult();
    await portal.post(body);
    const reused = await portal.post(change(body));
    expect([reused.statusCode, reused.body]).toEqual([
      409,
      'This request_id was already used for a different request. Send a new request_id.',
    ]);
    expect(requests()).toBe(1);
    expect(portal.db.prepare('SELECT message FROM requests').pluck().get()).toBe('My son is 7');
  });

  it('answers 409 when only an attachment differs', async () => {
    const body = chat('same words', [fileOf(100)]);
    await portal.post(body);
    const reused = await portal.post({ ...body, payload: { ...body.payload, attachments: [fileOf(100)] } });
    expect(reused.statusCode).toBe(409);
  });

  it('stores a request once when copies of it arrive at the same time', async () => {
    const body = chat('sent twice by a flaky network', [fileOf(50_000)]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => portal.post(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(requests()).toBe(1);
    expect(portal.count('SELECT count(*) FROM attachments')).toBe(1);
  });

  it('does not remember a refused request, so it can be sent again once put right', async () => {
    const body = knowSchedule({ name: 'Test Parent', number: '+919000000099' });
    expect((await portal.post(body)).statusCode).toBe(404);
    expect(requests()).toBe(0);
  });
});
