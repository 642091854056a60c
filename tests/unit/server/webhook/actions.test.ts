import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerValidator } from '../../../../server/webhook/contract.ts';
import { readMessage, readScheduleText, readSlackChannel } from '../../../../src/shared/webhook/response.ts';
import { parseSchedule } from '../../../../src/shared/schedule/parser.ts';
import {
  bookConsult,
  chat,
  fileOf,
  knowSchedule,
  rescheduleRange,
  rescheduleSingle,
  scheduleCall,
  TEST_PARENT,
} from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal;
beforeEach(async () => {
  portal = await startTestPortal();
});
afterEach(async () => {
  await portal.dispose();
});

interface RequestRow {
  action: string;
  user_name: string;
  user_number: string;
  payload: string;
  note: string | null;
  message: string | null;
  preferred_times: string | null;
  timestamp_ist: string;
  response_status: number;
}

const row = (requestId: string) =>
  portal.db.prepare('SELECT * FROM requests WHERE request_id = ?').get(requestId) as RequestRow | undefined;

describe('POST /api/webhook, one test per action', () => {
  it('know_schedule answers the rest of the week in lines the portal parses, and stores the request', async () => {
    const body = knowSchedule();
    const response = await portal.post(body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answerValidator('know_schedule')(response.json())).toBe(true);
    expect(parseSchedule(readScheduleText(response.json()))).toEqual([
      { kind: 'session', day: 'Wednesday 25 Nov', time: '4:30 PM', facilitator: 'Arjun Rao' },
      { kind: 'session', day: 'Sunday 29 Nov', time: '11:30 PM', facilitator: 'Arjun Rao' },
    ]);
    expect(row(body.request_id)).toMatchObject({ action: 'know_schedule', user_number: TEST_PARENT.number });
  });

  it('reschedule_single names the day and keeps the note', async () => {
    const body = rescheduleSingle('2026-11-27', 'Travelling that day');
    const response = await portal.post(body);
    expect(response.statusCode).toBe(200);
    expect(answerValidator('reschedule_single')(response.json())).toBe(true);
    expect(readMessage(response.json())).toBe(
      'Your reschedule request for 27 Nov 2026 is saved for the programme team. They will contact you about a new time.',
    );
    expect(row(body.request_id)).toMatchObject({ payload: '{"date":"2026-11-27"}', note: 'Travelling that day' });
  });

  it('reschedule_range names both days', async () => {
    const body = rescheduleRange('2026-11-25', '2026-12-02');
    const response = await portal.post(body);
    expect(response.statusCode).toBe(200);
    expect(answerValidator('reschedule_range')(response.json())).toBe(true);
    expect(readMessage(response.json())).toBe(
      'Your reschedule request for 25 Nov 2026 to 2 Dec 2026 is saved for the programme team. ' +
        'They will contact you about a new time.',
    );
    expect(JSON.parse(row(body.request_id)?.payload ?? '')).toEqual({
      start_date: '2026-11-25',
      end_date: '2026-12-02',
    });
  });

  it('chat_facilitator names the facilitator and channel, and keeps each file decoded with its name and type', async () => {
    const photo = fileOf(3000, 'image/jpeg', 'drawing.jpg');
    const voice = fileOf(1200, 'audio/ogg', 'hello.ogg');
    const body = chat('Please see her drawing', [photo, voice]);
    const response = await portal.post(body);
    expect(response.statusCode).toBe(200);
    expect(answerValidator('chat_facilitator')(response.json())).toBe(true);
    expect(readMessage(response.json())).toBe('Your message and 2 attachments reached Meera Nair.');
    expect(readSlackChannel(response.json())).toBe('#facilitator-meera-nair');

    const files = portal.db
      .prepare(
        `SELECT a.filename, a.mimetype, a.size, b.content FROM attachments a JOIN blobs b USING (sha256)
         WHERE a.request_id = ? ORDER BY a.position`,
      )
      .all(body.request_id) as { filename: string; mimetype: string; size: number; content: Buffer }[];
    expect(files.map((f) => [f.filename, f.mimetype, f.size])).toEqual([
      ['drawing.jpg', 'image/jpeg', 3000],
      ['hello.ogg', 'audio/ogg', 1200],
    ]);
    expect(files[0]?.content.toString('base64')).toBe(photo.content);
    expect(JSON.parse(row(body.request_id)?.payload ?? '')).toEqual({ message: 'Please see her drawing' });
  });

  it('chat_facilitator from a number not on the roster still reaches the programme team', async () => {
    const body = { ...chat('Hello', []), user: { name: 'Someone New', number: '9988776655' } };
    const response = await portal.post(body);
    expect(response.json()).toEqual({
      message: 'Your message reached the programme team.',
      slackChannel: '#thrive-parent-support',
    });
  });

  it('keeps a file sent twice once, by its content hash', async () => {
    const photo = fileOf(5000);
    await portal.post(chat('first', [photo]));
    await portal.post(chat('second', [photo]));
    expect(portal.count('SELECT count(*) FROM attachments')).toBe(2);
    expect(portal.count('SELECT count(*) FROM blobs')).toBe(1);
  });

  it.each([
    ['book_consult', bookConsult, 'consultation request'],
    ['schedule_call', scheduleCall, 'call request'],
  ] as const)('%s thanks the visitor by name and repeats the preferred times', async (action, make, what) => {
    const body = make('Weekday evenings');
    const response = await portal.post(body);
    expect(response.statusCode).toBe(200);
    expect(answerValidator(action)(response.json())).toBe(true);
    expect(readMessage(response.json())).toBe(
      `Thank you, Ravi Kumar. Your ${what} is saved for the programme team. They will call you on 9123456780 (preferred: Weekday evenings).`,
    );
    expect(row(body.request_id)).toMatchObject({ action, preferred_times: 'Weekday evenings' });
  });

  it('stores the language a request names, and none for one that names none', async () => {
    const hindi = { ...bookConsult(), language: 'hi' };
    const plain = bookConsult();
    await portal.post(hindi);
    await portal.post(plain);
    const language = portal.db.prepare('SELECT language FROM requests WHERE request_id = ?').pluck();
    expect([language.get(hindi.request_id), language.get(plain.request_id)]).toEqual(['hi', null]);
  });

  it('keeps a file name only as a display name, with its checked type’s extension', async () => {
    const body = chat('See this', [fileOf(100, 'image/png', 'C:\\Users\\asha\\pic\u202egnp.exe\u0007')]);
    expect((await portal.post(body)).statusCode).toBe(200);
    expect(portal.db.prepare('SELECT filename FROM attachments').pluck().get()).toBe('picgnp.png');
  });

  it('stores a request_id sent in upper case in lower case', async () => {
    const body = bookConsult();
    await portal.post({ ...body, request_id: body.request_id.toUpperCase() });
    expect(row(body.request_id)).toBeDefined();
  });

  it('stores every field of the envelope, including the client timestamp', async () => {
    const body = bookConsult();
    await portal.post(body);
    expect(row(body.request_id)).toEqual(
      expect.objectContaining({
        user_name: 'Ravi Kumar',
        user_number: '9123456780',
        payload: '{}',
        note: null,
        message: 'My son is 7',
        preferred_times: null,
        timestamp_ist: '2026-11-25T12:00:00.000+05:30',
        response_status: 200,
      }),
    );
  });
});
