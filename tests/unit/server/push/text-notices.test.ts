/**
 * Who a text goes to, and in which language: the parent's language as the server best knows it, an outcome the
 * parent saw in their requests or answered, an outcome within the day's limit it shares with the replies, an urgent
 * update apart from that limit, and the quiet hours turned off while a text waits for their end.
 */
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../../src/shared/push/text-templates.ts';
import { envelope } from '../../../support/envelopes.ts';
import { addStaff, staffSession } from '../../../support/staff.ts';
import { QUIET_PARENT_NUMBER, PARENT_NUMBER, type PushPortal } from './push-portal.ts';
import { MINUTE, textPortalPerTest, WAIT_S, type TextSuite } from './text-portal.ts';

let p: PushPortal;
let after: TextSuite['after'];
let textsTo: TextSuite['textsTo'];
textPortalPerTest((suite) => ({ p, after, textsTo } = suite));

const QUIET_PARENT = { name: 'Quiet Parent', number: QUIET_PARENT_NUMBER };
const CHAT_LINK = 'https://portal.thrive.example/registered-parent/chat';
const NEVER_QUIET = { quiet_start: '00:00', quiet_end: '00:00' };

describe('the language of a text', () => {
  it('is that of the parent’s latest request when none of their phones saved settings', async () => {
    const signedIn = await p.post({ ...envelope('know_schedule', {}, { user: QUIET_PARENT }), language: 'hi' });
    expect(signedIn.statusCode).toBe(200);
    p.reply('See you on Friday', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => [text.body.language, text.body.text])).toEqual([
      ['hi', fillTemplate('reply', 'hi', { author: 'Ms. Rao', link: CHAT_LINK })],
    ]);
  });

  it('is that of the settings a phone saved last, before the requests’', async () => {
    await p.post({ ...envelope('know_schedule', {}, { user: QUIET_PARENT }), language: 'hi' });
    const token = p.device(QUIET_PARENT_NUMBER);
    await p.post({ action: 'push_settings', payload: { settings: {} }, language: 'en' }, token);
    p.reply('See you on Friday', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.language)).toEqual(['en']);
  });
});

describe('a text for a request’s outcome', () => {
  /** Quiet Parent asks to move Friday's session; its id. */
  async function ask(): Promise<string> {
    const asked = envelope('reschedule_single', { date: '2026-11-27' }, { user: QUIET_PARENT });
    expect((await p.post(asked)).statusCode).toBe(200);
    return asked.request_id;
  }

  async function answer(requestId: string, fields: Record<string, string>): Promise<void> {
    await addStaff(p);
    const staff = await staffSession(p);
    const answered = await staff.post(`/staff/requests/${requestId}/answer`, { csrf: await staff.csrf(), ...fields });
    expect(answered.statusCode).toBe(303);
  }

  const listRequests = async () => {
    const listed = await p.post({ action: 'list_requests', user: QUIET_PARENT });
    expect(listed.statusCode).toBe(200);
    return (listed.json() as { requests: { status: string }[] }).requests;
  };

  it('is not sent once the parent’s requests showed the outcome', async () => {
    const requestId = await ask();
    await answer(requestId, { answer: 'decline', reason: 'The hall is closed' });
    await after(5 * MINUTE);
    expect((await listRequests()).map((request) => request.status)).toEqual(['declined']);
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER)).toEqual([]);
  });

  it('is sent when the requests were read before the outcome came', async () => {
    const requestId = await ask();
    expect((await listRequests()).map((request) => request.status)).toEqual(['waiting']);
    await answer(requestId, { answer: 'decline', reason: 'The hall is closed' });
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.template)).toEqual(['request_update']);
  });

  it('shares the day’s one text with the replies: an outcome after a texted reply is not texted', async () => {
    const requestId = await ask();
    expect((await listRequests()).map((request) => request.status)).toEqual(['waiting']);
    p.reply('See you on Friday', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.template)).toEqual(['reply']);
    await answer(requestId, { answer: 'decline', reason: 'The hall is closed' });
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.template)).toEqual(['reply']);
  });

  it('is not sent for an offer the parent accepted', async () => {
    const requestId = await ask();
    await answer(requestId, { answer: 'offer', day: '2026-11-27', time: '11:00' });
    const offerId = p.db
      .prepare<[string], string>('SELECT offer_id FROM request_answers WHERE request_id = ?')
      .pluck()
      .get(requestId);
    const accepted = await p.post({
      action: 'accept_offer',
      user: QUIET_PARENT,
      payload: { request_id: requestId, offer_id: offerId },
      timestamp_ist: '2026-11-25T12:05:00.000+05:30',
      request_id: crypto.randomUUID(),
    });
    expect(accepted.statusCode).toBe(200);
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER)).toEqual([]);
  });
});

describe('a text for an update from the programme', () => {
  async function announce(title: string, urgent: boolean): Promise<void> {
    const staff = await staffSession(p);
    const sent = await staff.post('/staff/announcements', {
      csrf: await staff.csrf(),
      ...{ title_en: title, body_en: 'The centre is closed.', title_hi: '', body_hi: '' },
      audience: 'all',
      ...(urgent ? { urgent: '1', urgent_confirmed: '1' } : {}),
    });
    expect(sent.statusCode).toBe(303);
  }

  it('urgent, counts against nothing: an update the same day is texted after it', async () => {
    await addStaff(p);
    await announce('No session today', true);
    await after(0);
    await announce('New books in the library', false);
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.template)).toEqual(['announcement', 'announcement']);
    expect(textsTo(PARENT_NUMBER)).toHaveLength(2);
  });
});

describe('a text held for the end of the quiet hours', () => {
  it('goes at once when the parent turns the quiet hours off', async () => {
    const token = p.device(QUIET_PARENT_NUMBER);
    p.clock.now = new Date('2026-11-25T20:55:00+05:30');
    p.reply('Tomorrow’s session is on', QUIET_PARENT_NUMBER);
    await after(60 * MINUTE);
    expect(textsTo(QUIET_PARENT_NUMBER)).toEqual([]);
    const saved = await p.post({ action: 'push_settings', payload: { settings: NEVER_QUIET } }, token);
    expect(saved.statusCode).toBe(200);
    await after(0);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.template)).toEqual(['reply']);
  });

  it('waits on to the new end when the parent moves it later', async () => {
    const token = p.device(QUIET_PARENT_NUMBER);
    p.clock.now = new Date('2026-11-25T20:55:00+05:30');
    p.reply('Tomorrow’s session is on', QUIET_PARENT_NUMBER);
    await after(60 * MINUTE);
    await p.post({ action: 'push_settings', payload: { settings: { quiet_end: '08:00' } } }, token);
    p.clock.now = new Date('2026-11-26T07:30:00+05:30');
    await after(0);
    expect(textsTo(QUIET_PARENT_NUMBER)).toEqual([]);
    p.clock.now = new Date('2026-11-26T08:00:00+05:30');
    await after(0);
    expect(textsTo(QUIET_PARENT_NUMBER)).toHaveLength(1);
  });
});
