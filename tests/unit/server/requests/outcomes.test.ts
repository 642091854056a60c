import { beforeEach, describe, expect, it } from 'vitest';
import type { OutcomeRow } from '../../../../src/shared/rules/request-outcome.ts';
import { parentRequest } from '../../../../src/shared/schedule/request-session.ts';
import { withMoves } from '../../../../src/shared/schedule/week.ts';
import { restOfWeek } from '../../../../src/shared/schedule/rest-of-week.ts';
import { answerValidator } from '../../../../server/webhook/contract.ts';
import type { ConversationAnswers } from '../../../../src/shared/webhook/conversation.ts';
import type { ParentRequest, RequestsAnswers } from '../../../../src/shared/webhook/requests.ts';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import { chatThread, QUIET_PARENT, verifiedToken } from '../../../support/conversation.ts';
import { bookConsult, envelope, knowSchedule, TEST_PARENT } from '../../../support/envelopes.ts';
import { addStaff, staffSession, type StaffSession } from '../../../support/staff.ts';
import type { TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

let codes: CodeRecorder;
let p: TestPortal;
let told: [string, string, ParentRequest][];
/** Makes the seam throw, as a notification service that is down would. */
let failing: boolean;

// A portal whose onOutcome seam records what it is told, on the test roster, at Wednesday 25 Nov, 12:00 in India.
beforeEach(() => {
  told = [];
  failing = false;
});
portalPerTest(
  (current) => ({ p, codes } = current),
  {},
  {
    onOutcome: (numberKey, requestId, outcome) => {
      told.push([numberKey, requestId, outcome]);
      if (failing) throw new Error('The push service is down');
    },
  },
);

/** Wednesday to Friday: the days hold Test Parent's two Wednesday sessions (10:15 with Meera, 4:30 PM with Arjun). */
const range = (user = TEST_PARENT) =>
  envelope('reschedule_range', { start_date: '2026-11-25', end_date: '2026-11-27' }, { user, note: 'Exams' });

const listRequests = async (user = TEST_PARENT) => {
  const response = await p.post({ action: 'list_requests', user });
  expect(response.statusCode).toBe(200);
  const body = response.json() as RequestsAnswers['list_requests'];
  expect(answerValidator('list_requests')(body)).toBe(true);
  return body.requests;
};

const schedule = async () => ((await p.post(knowSchedule())).json() as { schedule: string }).schedule;

const acceptOffer = (request_id: string, offer_id: string, user = TEST_PARENT) => ({
  action: 'accept_offer',
  user,
  payload: { request_id, offer_id },
  timestamp_ist: '2026-11-25T12:00:00.000+05:30',
  request_id: crypto.randomUUID(),
});

async function answer(staff: StaffSession, requestId: string, fields: Record<string, string>) {
  return staff.post(`/staff/requests/${requestId}/answer`, { csrf: await staff.csrf(), ...fields });
}

/** A refused answer's status and what /staff says of it, on the page that shows the answer again as typed. */
const refusal = (response: { statusCode: number; body: string }) => [
  response.statusCode,
  /role="alert" id="answer-problem-[^"]+">([^<]*)<\/p>/.exec(response.body)?.[1],
];

describe('a reschedule request’s outcome', () => {
  it('confirms a day staff pick, moves the session in know_schedule, raises SEQUENCE, and tells the thread and the seam', async () => {
    await addStaff(p);
    const asked = range();
    expect((await p.post(asked)).statusCode).toBe(200);
    const [waiting] = await listRequests();
    expect(waiting).toEqual({
      request_id: asked.request_id,
      asked: { start_date: '2026-11-25', end_date: '2026-11-27' },
      sent_at: asked.timestamp_ist,
      status: 'waiting',
      session: {
        day: 'Wednesday 25 Nov',
        time: '10:15 AM',
        facilitator: 'Meera Nair',
        starts_at: '2026-11-25T10:15:00+05:30',
      },
    });
    const staff = await staffSession(p);
    const card = (await staff.get('/staff')).body;
    expect(card).toContain('Asked for: <strong>Wed 25 Nov – Fri 27 Nov</strong>');
    expect(card).toContain(
      'Sessions in these days: Wednesday 25 Nov, 10:15 AM with <bdi>Meera Nair</bdi>; Wednesday 25 Nov, 4:30 PM with <bdi>Arjun Rao</bdi>',
    );
    // The days asked for come first in the day choice.
    expect(card).toMatch(/<optgroup label="Days asked for"><option value="2026-11-25">Wed 25 Nov<\/option>/);

    const confirmed = await answer(staff, asked.request_id, { answer: 'confirm', day: '2026-11-26', time: '16:00' });
    expect(confirmed.statusCode).toBe(303);
    const notice = (await staff.get(String(confirmed.headers.location))).body;
    expect(notice).toContain(
      'Confirmed for Thu 26 Nov, 4:00 PM: Reschedule (days) from <bdi>Test Parent</bdi>, by <bdi>Meera Nair</bdi>, 25 Nov 2026, 12:00 PM.',
    );
    expect(await schedule()).toBe(
      'Wednesday 25 Nov: 4:30 PM with Arjun Rao\nThursday 26 Nov: 4:00 PM with Meera Nair\nSunday 29 Nov: 11:30 PM with Arjun Rao',
    );
    const [first] = await listRequests();
    expect(first).toMatchObject({
      status: 'confirmed',
      confirmed: { starts_at: '2026-11-26T16:00:00+05:30', differs: false },
      answered_by: 'Meera Nair',
      calendar: { uid_of: { starts_at: '2026-11-25T10:15:00+05:30', facilitator: 'Meera Nair' }, sequence: 1 },
    });

    // Another day than those asked for: allowed, and said; the event keeps its UID and SEQUENCE rises again.
    await answer(staff, asked.request_id, { answer: 'confirm', day: '2026-11-28', time: '17:00' });
    const [second] = await listRequests();
    expect(second).toMatchObject({
      confirmed: { starts_at: '2026-11-28T17:00:00+05:30', differs: true },
      calendar: { uid_of: { starts_at: '2026-11-25T10:15:00+05:30' }, sequence: 2 },
    });
    expect(await schedule()).toContain('Saturday 28 Nov: 5:00 PM with Meera Nair');
    expect(await schedule()).not.toContain('Thursday 26 Nov');

    expect(told.map(([numberKey, id, outcome]) => [numberKey, id, outcome.status])).toEqual([
      ['+919000000001', asked.request_id, 'confirmed'],
      ['+919000000001', asked.request_id, 'confirmed'],
    ]);
    const token = await verifiedToken(p, codes, TEST_PARENT);
    const thread = (await chatThread(p, token)).json() as ConversationAnswers['chat_thread'];
    expect(answerValidator('chat_thread')(thread)).toBe(true);
    expect(thread.messages.map((m) => [m.from, m.author, m.text])).toEqual([
      ['event', 'Meera Nair', 'Your reschedule request is confirmed: your session is now on 26 Nov 2026, 4:00 PM.'],
      [
        'event',
        'Meera Nair',
        'Your reschedule request is confirmed, on another day than you asked for: your session is now on 28 Nov 2026, 5:00 PM.',
      ],
    ]);
    // The parent never chatted, yet their conversation opens, at the newest line, with the language shown.
    const conversation = (await staff.get('/staff/conversations/919000000001')).body;
    expect(conversation).toContain('language: English, facilitator: <bdi>Meera Nair</bdi>');
    expect(conversation).toMatch(/<li class="card event" id="latest">/);
  });

  it('a session asked for again and confirmed again is at the time answered last, once, in know_schedule', async () => {
    await addStaff(p);
    const staff = await staffSession(p);
    const first = range();
    await p.post(first);
    await answer(staff, first.request_id, { answer: 'confirm', day: '2026-11-26', time: '16:00' });
    p.clock.now = new Date('2026-11-25T12:05:00+05:30');
    const again = envelope('reschedule_single', { date: '2026-11-25' }, { user: TEST_PARENT, note: 'Exams moved' });
    await p.post(again);
    await answer(staff, again.request_id, { answer: 'confirm', day: '2026-11-27', time: '17:00' });

    const requests = await listRequests();
    expect(requests.map((request) => [request.status, request.session?.starts_at])).toEqual([
      ['confirmed', '2026-11-25T10:15:00+05:30'],
      ['confirmed', '2026-11-25T10:15:00+05:30'],
    ]);
    expect(await schedule()).toBe(
      'Wednesday 25 Nov: 4:30 PM with Arjun Rao\nFriday 27 Nov: 5:00 PM with Meera Nair\nSunday 29 Nov: 11:30 PM with Arjun Rao',
    );
  });

  it('declines with a reason (none is refused), in the request’s language, even when the seam fails', async () => {
    await addStaff(p);
    const asked = { ...range(), language: 'hi' as const };
    await p.post(asked);
    const staff = await staffSession(p);
    const bare = await answer(staff, asked.request_id, { answer: 'decline', reason: '  ' });
    expect(refusal(bare)).toEqual([400, 'Please write a reason']);
    const control = await answer(staff, asked.request_id, { answer: 'decline', reason: 'Away\u001b[2J' });
    expect(refusal(control)).toEqual([400, 'Control characters are not allowed']);
    const long = await answer(staff, asked.request_id, { answer: 'decline', reason: 'a'.repeat(301) });
    expect(refusal(long)).toEqual([400, 'The reason must be 300 characters or less']);
    // A reason the parent would read reversed: refused, and given back as typed, the override shown as its code.
    const reversed = await answer(staff, asked.request_id, { answer: 'decline', reason: 'Closed \u202Egnp.exe' });
    expect(refusal(reversed)).toEqual([
      400,
      'The reason cannot contain characters that change the direction of text, such as U+202E',
    ]);
    expect(reversed.body).toContain('name="reason" dir="auto" maxlength="300" value="Closed [U+202E]gnp.exe"');
    expect(p.count('SELECT count(*) FROM request_answers')).toBe(0);
    failing = true;
    const declining = await answer(staff, asked.request_id, {
      answer: 'decline',
      reason: 'No facilitator is free that week',
    });
    // The seam failed, and the answer stands.
    expect(declining.statusCode).toBe(303);
    const [declined] = await listRequests();
    expect(declined).toMatchObject({ status: 'declined', reason: 'No facilitator is free that week' });
    expect(declined?.calendar).toBeUndefined();
    expect(await schedule()).toContain('Wednesday 25 Nov: 4:30 PM with Arjun Rao');
    expect(p.count("SELECT count(*) FROM thread_messages WHERE event = 1 AND text LIKE 'सेशन की तारीख%'")).toBe(1);
    expect(told.map(([, , outcome]) => outcome.status)).toEqual(['declined']);
  });

  it('refuses a confirmed or offered day before today in India, a day that does not exist and a missing time, storing nothing', async () => {
    await addStaff(p);
    const asked = range();
    await p.post(asked);
    const staff = await staffSession(p);
    const refused = async (fields: Record<string, string>) => refusal(await answer(staff, asked.request_id, fields));
    expect(await refused({ answer: 'confirm', day: '2026-11-24', time: '16:00' })).toEqual([
      400,
      'The day is in the past: choose today or a later day',
    ]);
    expect(await refused({ answer: 'offer', day: '2026-11-24', time: '16:00' })).toEqual([
      400,
      'The day is in the past: choose today or a later day',
    ]);
    expect(await refused({ answer: 'confirm', day: '2026-11-31', time: '16:00' })).toEqual([400, 'Choose a day']);
    const timeless = await answer(staff, asked.request_id, { answer: 'confirm', day: '2026-11-26', time: '' });
    expect(refusal(timeless)).toEqual([400, 'Choose a time, such as 16:00']);
    // The day staff chose stays chosen, and the time as they left it.
    expect(timeless.body).toContain('<option value="2026-11-26" selected>');
    expect(timeless.body).toContain('name="time" type="time" value=""');
    expect(p.count('SELECT count(*) FROM request_answers')).toBe(0);
    // Today, in India, is not past: 25 Nov at noon.
    expect(
      (await answer(staff, asked.request_id, { answer: 'confirm', day: '2026-11-25', time: '18:00' })).statusCode,
    ).toBe(303);
  });

  it('takes an offer accepted once: a replay, a stale offer, another parent’s and an unknown request store nothing', async () => {
    await addStaff(p);
    const asked = range();
    await p.post(asked);
    const staff = await staffSession(p);
    await answer(staff, asked.request_id, { answer: 'offer', day: '2026-11-27', time: '11:00' });
    const firstOffer = (await listRequests())[0]?.offer?.offer_id ?? '';
    await answer(staff, asked.request_id, { answer: 'offer', day: '2026-11-27', time: '12:00' });
    const [offered] = await listRequests();
    expect(offered).toMatchObject({ status: 'offered', offer: { starts_at: '2026-11-27T12:00:00+05:30' } });
    const offerId = offered?.offer?.offer_id ?? '';
    expect(offerId).not.toBe(firstOffer);

    const stored = () => p.count("SELECT count(*) FROM requests WHERE action = 'accept_offer'");
    const stale = await p.post(acceptOffer(asked.request_id, firstOffer));
    expect([stale.statusCode, stale.body]).toEqual([
      409,
      'This time is no longer offered: the programme team changed or withdrew it. Look at your requests again.',
    ]);
    await p.post(envelope('know_schedule', {}, { user: QUIET_PARENT }));
    const others = await p.post(acceptOffer(asked.request_id, offerId, QUIET_PARENT));
    const unknown = await p.post(acceptOffer(crypto.randomUUID(), offerId));
    expect([others.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(others.body).toBe(unknown.body);
    expect(stored()).toBe(0);

    const accept = acceptOffer(asked.request_id, offerId);
    const accepted = await p.post(accept);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json() as RequestsAnswers['accept_offer'];
    expect(answerValidator('accept_offer')(body)).toBe(true);
    expect(body.message).toBe('Thank you. Your session is now on 27 Nov 2026, 12:00 PM.');
    expect(body.request).toMatchObject({
      status: 'confirmed',
      confirmed: { starts_at: '2026-11-27T12:00:00+05:30', differs: false },
      calendar: { sequence: 1 },
    });
    const again = await p.post(accept);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', accepted.body]);
    expect(stored()).toBe(1);
    expect(p.count("SELECT count(*) FROM request_answers WHERE kind = 'accepted'")).toBe(1);
    // The offer is taken: accepting it with a new request_id is refused.
    expect((await p.post(acceptOffer(asked.request_id, offerId))).statusCode).toBe(409);
    expect(await schedule()).toContain('Friday 27 Nov: 12:00 PM with Meera Nair');
  });

  it('works a visitor’s consultation through new, contacted and booked, and filters the list by status', async () => {
    await addStaff(p);
    const consult = bookConsult('Mornings');
    await p.post(consult);
    await p.post(range());
    const staff = await staffSession(p);
    await answer(staff, consult.request_id, { status: 'contacted', note: 'Called, will book' });
    const booked = await answer(staff, consult.request_id, { status: 'booked', note: 'Mon 30 Nov, 10 AM' });
    expect((await staff.get(String(booked.headers.location))).body).toContain(
      'Booked: Consultation from <bdi>Ravi Kumar</bdi>, by <bdi>Meera Nair</bdi>, 25 Nov 2026, 12:00 PM.',
    );
    const onlyBooked = (await staff.get('/staff?status=booked')).body;
    expect(onlyBooked).toContain('Consultation: <bdi>Ravi Kumar</bdi>');
    expect(onlyBooked).not.toContain('Reschedule (days): <bdi>Test Parent</bdi>');
    expect(onlyBooked).toContain('Contacted: <span dir="auto">Called, will book</span>');
    const onlyWaiting = (await staff.get('/staff?status=waiting')).body;
    expect(onlyWaiting).toContain('Reschedule (days): <bdi>Test Parent</bdi>');
    expect(onlyWaiting).not.toContain('Consultation: <bdi>Ravi Kumar</bdi>');
    const wrong = await answer(staff, consult.request_id, { status: 'done' });
    expect(wrong.statusCode).toBe(400);
    expect(told).toEqual([]);
  });
});

describe('a request card’s conversation', () => {
  it('opens for a parent who never chatted, and a reply starts the thread; a number with no request is 404', async () => {
    await addStaff(p);
    await p.post({ ...range(QUIET_PARENT), language: 'hi' });
    const staff = await staffSession(p);
    const inbox = (await staff.get('/staff')).body;
    expect(inbox).toContain(
      '<a href="/staff/conversations/919000000002#latest">Conversation with <bdi>Quiet Parent</bdi></a>',
    );
    expect(inbox).toContain('Language: Hindi');
    const empty = await staff.get('/staff/conversations/919000000002');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No messages yet. A reply starts the conversation.');
    expect(empty.body).toContain('<a href="tel:+919000000002">+91 90000 00002</a>, language: Hindi');
    const sent = await staff.post('/staff/conversations/919000000002/replies', {
      csrf: await staff.csrf(),
      text: 'नमस्ते, हम आपसे बात करेंगे।',
    });
    expect(sent.headers.location).toBe('/staff/conversations/919000000002?sent=1#latest');
    expect(p.count("SELECT count(*) FROM thread_messages WHERE number_key = '+919000000002'")).toBe(1);
    expect((await staff.get('/staff/conversations/919811111111')).statusCode).toBe(404);
  });
});

describe('the outcome rules', () => {
  const sessions = [{ weekday: 3, time: '10:15', facilitator: 'Meera Nair' }];
  const request = {
    request_id: 'r',
    action: 'reschedule_single',
    payload: { date: '2026-11-25' },
    timestamp_ist: '2026-11-24T09:00:00.000+05:30',
  };
  const row = (kind: OutcomeRow['kind'], starts_at: string | null): OutcomeRow => ({
    kind,
    starts_at,
    offer_id: kind === 'offered' ? 'o' : null,
    reason: null,
    answered_by: 'Meera Nair',
    answered_at: '2026-11-25T06:30:00.000Z',
  });

  it('counts every move in SEQUENCE, and an offer in between leaves the latest status', () => {
    const rows = [
      row('confirmed', '2026-11-25T16:00:00+05:30'),
      row('offered', '2026-11-26T16:00:00+05:30'),
      row('accepted', '2026-11-26T16:00:00+05:30'),
    ];
    expect(parentRequest(request, rows, sessions)).toMatchObject({
      asked: { date: '2026-11-25' },
      status: 'confirmed',
      confirmed: { differs: true },
      calendar: { sequence: 2 },
    });
    expect(parentRequest(request, rows.slice(0, 2), sessions)?.status).toBe('offered');
  });

  it('moves a session out of its day and into the new one, with its facilitator, in order', () => {
    const occurrences = [
      { starts_at: '2026-11-25T10:15:00+05:30', facilitator: 'Meera Nair' },
      { starts_at: '2026-11-27T09:00:00+05:30', facilitator: 'Arjun Rao' },
    ];
    const from = {
      day: 'Wednesday 25 Nov',
      time: '10:15 AM',
      facilitator: 'Meera Nair',
      starts_at: '2026-11-25T10:15:00+05:30',
    };
    expect(withMoves(occurrences, [{ from, to: '2026-11-28T08:00:00+05:30' }])).toEqual([
      { starts_at: '2026-11-27T09:00:00+05:30', facilitator: 'Arjun Rao' },
      { starts_at: '2026-11-28T08:00:00+05:30', facilitator: 'Meera Nair' },
    ]);
    // A move into next week leaves this week's schedule without the session.
    const moved = { from, to: '2026-12-01T10:15:00+05:30' };
    expect(restOfWeek(sessions, new Date('2026-11-23T12:00:00+05:30'), [moved])).toBe(
      'No sessions found for the rest of this week.',
    );
  });
});
