import { describe, expect, it } from 'vitest';
import { forgetNumber } from '../../../../server/db/erase.ts';
import { answerValidator } from '../../../../server/webhook/contract.ts';
import type { FakePushService, FakeSubscription } from '../../../support/fake-push-service.ts';
import { envelope } from '../../../support/envelopes.ts';
import { addStaff, staffSession, type StaffSession } from '../../../support/staff.ts';
import {
  PARENT_NUMBER,
  QUIET_PARENT_NUMBER as QUIET_NUMBER,
  pushPortalPerTest,
  type PushPortal,
} from '../push/push-portal.ts';

let service: FakePushService;
let p: PushPortal;
pushPortalPerTest((current) => ({ p, service } = current));

const USER = { name: 'Test Parent', number: '+919000000001' };
const QUIET = { name: 'Quiet Parent', number: '9000000002' };
const to = (subscription: FakeSubscription) => (push: { subscriptionId?: string }) =>
  push.subscriptionId === subscription.id;

const TEXTS = { title_en: 'Diwali party', body_en: 'Sweets on Friday at 5.', title_hi: '', body_hi: '' };
const EVERYONE = { ...TEXTS, audience: 'all' };

async function staff(): Promise<{ s: StaffSession; csrf: string }> {
  await addStaff(p);
  const s = await staffSession(p);
  return { s, csrf: await s.csrf() };
}

const list = async (user = USER, language = 'en') => {
  const answer = await p.post({ action: 'list_announcements', user, language });
  expect(answerValidator('list_announcements')(answer.json())).toBe(true);
  return (answer.json() as { announcements: { announcement_id: string; title: string; seen: boolean }[] })
    .announcements;
};
const seen = (announcementId: string, requestId = crypto.randomUUID(), user = USER) =>
  p.post({
    action: 'mark_announcement_seen',
    user,
    payload: { announcement_id: announcementId },
    timestamp_ist: '2026-11-25T12:00:00.000+05:30',
    request_id: requestId,
  });
const schedule = async () =>
  (
    await p.post({
      action: 'know_schedule',
      user: USER,
      payload: {},
      timestamp_ist: '2026-11-25T12:00:00.000+05:30',
      request_id: crypto.randomUUID(),
    })
  ).json() as { schedule: string; changes?: unknown[] };

describe('an announcement staff write', () => {
  it('previews its reach, is pushed in the device’s language, listed, and counted as seen once', async () => {
    const phone = await p.subscribe(p.device(), { language: 'hi' });
    const { s, csrf } = await staff();
    const preview = await s.post('/staff/announcements/preview', { csrf, ...EVERYONE });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('It reaches <strong>2 parents</strong>');
    expect(preview.body).toContain('<strong>1</strong> of them have notifications on');
    expect(p.count('SELECT count(*) FROM announcements')).toBe(0);

    const sent = await s.post('/staff/announcements', { csrf, ...EVERYONE });
    expect([sent.statusCode, sent.headers.location]).toEqual([303, '/staff/announcements?done=sent#sent']);
    await p.push.drain();
    const push = await service.nextPush(to(phone));
    expect(push.json).toMatchObject({ kind: 'announcement', title: 'Diwali party', urgent: false, language: 'en' });
    expect(push.json).not.toHaveProperty('text');

    // How it reached each parent not seen yet: pushed (a push service took it), or texted if not seen soon.
    const reached = (await s.get('/staff/announcements')).body;
    expect(reached).toContain('Seen by 0 of 2 · pushed to 1 · texted to 0');
    expect(reached).toMatch(
      /<bdi>Test Parent<\/bdi> <a href="tel:\+919000000001">[^<]*<\/a> <span class="meta">Pushed \d/,
    );
    expect(reached).toMatch(/<bdi>Quiet Parent<\/bdi> <a [^>]*>[^<]*<\/a> <span class="meta">Texted if not seen soon</);

    const [item] = await list();
    expect(item).toMatchObject({ title: 'Diwali party', seen: false });
    const id = item?.announcement_id ?? '';
    const requestId = crypto.randomUUID();
    expect((await seen(id, requestId)).json()).toEqual({ seen: true, announcement_id: id });
    expect((await seen(id, requestId)).statusCode).toBe(200);
    expect((await seen(id)).statusCode).toBe(200);
    expect((await seen(id, requestId, { ...USER, name: 'test parent' })).statusCode).toBe(409);
    expect((await list())[0]?.seen).toBe(true);

    const page = (await s.get('/staff/announcements')).body;
    expect(page).toContain('Seen by 1 of 2 · pushed to 1 · texted to 0');
    expect(page).toContain('<bdi>Quiet Parent</bdi> <a href="tel:+919000000002">');
    expect(page).not.toContain('<bdi>Test Parent</bdi>');
  });

  it.each([
    ['no text at all', { ...EVERYONE, title_en: '', body_en: '' }, 'Write a title and a text'],
    ['a title over 80 characters', { ...EVERYONE, title_en: 'x'.repeat(81) }, 'A title must be 80 characters'],
    ['a text over 1,000 characters', { ...EVERYONE, body_en: 'x'.repeat(1001) }, 'A text must be 1000 characters'],
    ['a direction override', { ...EVERYONE, body_en: 'Pay \u202Egnp.exe' }, 'change the direction of text'],
    ['an audience of nobody', { ...TEXTS, audience: 'parents', numbers: '9123456780' }, 'has nobody on the roster'],
    ['a time in the past', { ...EVERYONE, send_day: '2026-11-24', send_time: '10:00' }, 'That time has passed'],
    ['urgent, unconfirmed', { ...EVERYONE, urgent: '1' }, 'tick the confirmation'],
  ])('refuses %s, stores nothing and shows the form as typed', async (_case, fields, problem) => {
    const { s, csrf } = await staff();
    for (const url of ['/staff/announcements/preview', '/staff/announcements']) {
      const answer = await s.post(url, { csrf, ...fields });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(problem);
      expect(answer.body).toContain(`value="${(fields.title_en ?? '').slice(0, 20)}`);
    }
    expect(p.count('SELECT count(*) FROM announcements')).toBe(0);
  });

  it.each([
    ['a number not on the roster', `${PARENT_NUMBER}\n9123456780`, 'Not on the roster: 9123456780'],
    ['what is not a phone number', `${PARENT_NUMBER}\n12345\nAsha`, 'These are not phone numbers: 12345, Asha'],
  ])(
    'refuses chosen parents with %s, naming it, keeps what was typed and stores nothing',
    async (_case, numbers, named) => {
      const { s, csrf } = await staff();
      for (const url of ['/staff/announcements/preview', '/staff/announcements']) {
        const answer = await s.post(url, { csrf, ...TEXTS, audience: 'parents', numbers });
        expect(answer.statusCode).toBe(400);
        expect(answer.body).toContain(named);
        expect(answer.body).toContain(`<textarea id="numbers" name="numbers">${numbers}</textarea>`);
      }
      expect(p.count('SELECT count(*) FROM announcements')).toBe(0);
    },
  );

  it('counts chosen parents as the parents it reaches, one as "1 parent"', async () => {
    const { s, csrf } = await staff();
    // The same parent three times, as the roster reads a number: with +91, spaced, and with a trunk zero.
    const form = { csrf, ...TEXTS, audience: 'parents', numbers: `${PARENT_NUMBER}\n+91 90000 00001\n090000 00001` };
    const preview = await s.post('/staff/announcements/preview', form);
    expect(preview.body).toContain('It reaches <strong>1 parent</strong> (1 chosen parent)');
    await s.post('/staff/announcements', form);
    const page = (await s.get('/staff/announcements')).body;
    expect(page).toContain('1 chosen parent ·');
    expect(page).toContain('Seen by 0 of 1');
    expect(page).toContain('Monday 9:00 AM with Meera Nair (1 parent)</option>');
  });

  it('lists 30 a page, newest first, with links to older and newer pages, and withdraws an older one', async () => {
    const { s, csrf } = await staff();
    for (let i = 1; i <= 31; i += 1) {
      p.clock.now = new Date(Date.parse('2026-11-25T12:00:00+05:30') + i * 60_000);
      await s.post('/staff/announcements', { csrf, ...EVERYONE, title_en: `Note ${i}` });
    }
    const first = (await s.get('/staff/announcements')).body;
    expect([first.includes('Note 31'), first.includes('Note 2<'), first.includes('Note 1<')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(first).toContain('<nav class="pages" aria-label="Pages: announcements">');
    expect(first).toContain('<a href="/staff/announcements?page=2#sent" rel="next">Older announcements</a>');
    const older = (await s.get('/staff/announcements?page=2')).body;
    expect([older.includes('Note 1<'), older.includes('Note 2<'), older.includes('Page 2 of 2')]).toEqual([
      true,
      false,
      true,
    ]);
    expect(older).toContain('<a href="/staff/announcements#sent" rel="prev">Newer announcements</a>');
    const id = p.db.prepare<[], string>("SELECT id FROM announcements WHERE title_en = 'Note 1'").pluck().get() ?? '';
    const withdrawn = await s.post(`/staff/announcements/${id}/withdraw`, { csrf, page: '2' });
    expect(withdrawn.headers.location).toBe('/staff/announcements?done=withdrawn&page=2#sent');
    expect((await s.get('/staff/announcements?page=2')).body).toContain('Withdrawn');
  });

  it('goes when its time comes, to the roster as it is then', async () => {
    const { s, csrf } = await staff();
    await s.post('/staff/announcements', { csrf, ...EVERYONE, send_day: '2026-11-25', send_time: '18:00' });
    expect(await list()).toEqual([]);
    expect(p.count('SELECT count(*) FROM announcement_recipients')).toBe(0);
    p.clock.now = new Date('2026-11-25T18:00:00+05:30');
    expect((await list()).map((a) => a.title)).toEqual(['Diwali party']);
  });

  it('is taken off the lists when withdrawn, and its pushes not yet sent are not sent', async () => {
    const phone = await p.subscribe(p.device());
    // In the quiet hours, so its push waits in the queue.
    p.clock.now = new Date('2026-11-25T22:00:00+05:30');
    const { s, csrf } = await staff();
    await s.post('/staff/announcements', { csrf, ...EVERYONE });
    await p.push.drain();
    expect(p.count("SELECT count(*) FROM push_jobs WHERE kind = 'announcement' AND held = 1")).toBe(1);
    const id = (await list())[0]?.announcement_id ?? '';
    const withdrawn = await s.post(`/staff/announcements/${id}/withdraw`, { csrf });
    expect(withdrawn.statusCode).toBe(303);
    expect(p.count('SELECT count(*) FROM push_jobs')).toBe(0);
    p.clock.now = new Date('2026-11-26T08:00:00+05:30');
    await p.push.drain();
    expect(service.pushesTo(phone)).toEqual([]);
    expect(await list()).toEqual([]);
    expect((await seen(id)).statusCode).toBe(404);
  });

  it('waits for the end of the quiet hours unless urgent', async () => {
    const phone = await p.subscribe(p.device());
    p.clock.now = new Date('2026-11-25T22:00:00+05:30');
    const { s, csrf } = await staff();
    await s.post('/staff/announcements', { csrf, ...EVERYONE });
    await p.push.drain();
    expect(p.count('SELECT count(*) FROM push_jobs WHERE held = 1')).toBe(1);
    await s.post('/staff/announcements', {
      csrf,
      ...EVERYONE,
      title_en: 'Water cut',
      urgent: '1',
      urgent_confirmed: '1',
    });
    await p.push.drain();
    expect((await service.nextPush(to(phone))).json).toMatchObject({ title: 'Water cut', urgent: true });
    expect(service.pushesTo(phone)).toHaveLength(1);
  });

  it('is 404 to a parent it was not addressed to', async () => {
    const { s, csrf } = await staff();
    await s.post('/staff/announcements', { csrf, ...TEXTS, audience: 'parents', numbers: PARENT_NUMBER });
    const id = (await list())[0]?.announcement_id ?? '';
    expect(await list(QUIET)).toEqual([]);
    expect((await seen(id, crypto.randomUUID(), QUIET)).statusCode).toBe(404);
  });
});

describe('a session change', () => {
  it('leaves a cancelled occurrence out of the schedule and says why, in both languages', async () => {
    const { s, csrf } = await staff();
    const slot = '3|16:30|arjun-rao';
    const answer = await s.post('/staff/announcements/cancel', { csrf, slot, day: '2026-11-25', reason: 'Diwali' });
    expect(answer.statusCode).toBe(303);
    const week = await schedule();
    expect(week.schedule).not.toContain('4:30 PM with Arjun Rao');
    expect(week.changes).toMatchObject([{ kind: 'cancelled', reason: 'Diwali', session: { time: '4:30 PM' } }]);
    const [item] = await list(USER, 'hi');
    expect(item).toMatchObject({ title: 'सेशन रद्द हुआ', urgent: true });
  });

  it('shows a moved occurrence at its new time, and its reminder follows it', async () => {
    const phone = await p.subscribe(p.device());
    const { s, csrf } = await staff();
    const form = { csrf, slot: '7|23:30|arjun-rao', day: '2026-11-29', to_day: '2026-11-28', to_time: '10:00' };
    expect((await s.post('/staff/announcements/move', { ...form, reason: 'Exams' })).statusCode).toBe(303);
    const week = await schedule();
    expect(week.schedule).toContain('Saturday 28 Nov: 10:00 AM with Arjun Rao');
    expect(week.schedule).not.toContain('11:30 PM');
    await p.push.drain();
    await service.nextPush(to(phone));
    p.clock.now = new Date('2026-11-28T09:00:00+05:30');
    expect(p.push.tick()).toBe(1);
    await p.push.drain();
    expect((await service.nextPush(to(phone), 1)).json).toMatchObject({ kind: 'reminder', lead: 'hour_before' });
  });

  it('sends no reminder for a cancelled occurrence', async () => {
    await p.subscribe(p.device());
    const { s, csrf } = await staff();
    await s.post('/staff/announcements/cancel', { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', reason: 'Ill' });
    p.clock.now = new Date('2026-11-25T15:30:00+05:30');
    expect(p.push.tick()).toBe(0);
  });

  /** The parent asks to move Sunday 29 Nov's 11:30 PM session with Arjun Rao; staff confirm Saturday 11:00. */
  async function movedAtTheirRequest(s: StaffSession, csrf: string) {
    const asked = envelope('reschedule_single', { date: '2026-11-29' });
    expect((await p.post(asked)).statusCode).toBe(200);
    const fields = { csrf, answer: 'confirm', day: '2026-11-28', time: '11:00' };
    expect((await s.post(`/staff/requests/${asked.request_id}/answer`, fields)).statusCode).toBe(303);
  }
  const SUNDAY = { slot: '7|23:30|arjun-rao', day: '2026-11-29', reason: 'Exams' };

  it('keeps a session the parent’s request moved after the programme cancelled it at the request’s time, reminded there', async () => {
    await p.subscribe(p.device());
    const { s, csrf } = await staff();
    expect((await s.post('/staff/announcements/cancel', { csrf, ...SUNDAY })).statusCode).toBe(303);
    await movedAtTheirRequest(s, csrf);
    const week = await schedule();
    expect(week.schedule).toBe('Wednesday 25 Nov: 4:30 PM with Arjun Rao\nSaturday 28 Nov: 11:00 AM with Arjun Rao');
    // Still told, for the portal's SEQUENCE of the moved event; the portal tells the parent nothing of it.
    expect(week.changes).toMatchObject([{ kind: 'cancelled', session: { starts_at: '2026-11-29T23:30:00+05:30' } }]);
    p.clock.now = new Date('2026-11-28T10:00:00+05:30');
    expect(p.push.tick()).toBe(1);
  });

  it('keeps a session the parent’s request moved at the request’s time when the programme moves it too: once, reminded there', async () => {
    await p.subscribe(p.device());
    const { s, csrf } = await staff();
    await movedAtTheirRequest(s, csrf);
    const move = { csrf, ...SUNDAY, to_day: '2026-11-28', to_time: '10:00' };
    expect((await s.post('/staff/announcements/move', move)).statusCode).toBe(303);
    expect((await schedule()).schedule).toBe(
      'Wednesday 25 Nov: 4:30 PM with Arjun Rao\nSaturday 28 Nov: 11:00 AM with Arjun Rao',
    );
    p.clock.now = new Date('2026-11-28T09:00:00+05:30');
    expect(p.push.tick()).toBe(0);
    p.clock.now = new Date('2026-11-28T10:00:00+05:30');
    expect(p.push.tick()).toBe(1);
  });

  it('is forgotten with the number (npm run forget): its recipient and change rows, not the other parents’', async () => {
    const { s, csrf } = await staff();
    await s.post('/staff/announcements', { csrf, ...EVERYONE });
    await s.post('/staff/announcements/cancel', { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', reason: 'Ill' });
    const rows = (table: string, number: string) =>
      p.count(`SELECT count(*) FROM ${table} WHERE number_key = ?`, number);
    expect([rows('announcement_recipients', PARENT_NUMBER), rows('session_changes', PARENT_NUMBER)]).toEqual([2, 1]);
    const others = [rows('announcement_recipients', QUIET_NUMBER), rows('session_changes', QUIET_NUMBER)];
    forgetNumber(p.db, PARENT_NUMBER);
    expect([rows('announcement_recipients', PARENT_NUMBER), rows('session_changes', PARENT_NUMBER)]).toEqual([0, 0]);
    expect([rows('announcement_recipients', QUIET_NUMBER), rows('session_changes', QUIET_NUMBER)]).toEqual(others);
    expect((await s.get('/staff/announcements')).body).toContain('Seen by 0 of 1');
  });

  const count = () => [p.count('SELECT count(*) FROM announcements'), p.count('SELECT count(*) FROM session_changes')];

  it.each([
    ['cancelled twice', 'cancel', {}],
    ['moved after it was cancelled', 'move', { to_day: '2026-11-26', to_time: '10:00' }],
  ])('refuses an occurrence %s, keeps the form as typed and stores nothing', async (_case, kind, fields) => {
    const { s, csrf } = await staff();
    const form = { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', reason: 'Diwali' };
    expect((await s.post('/staff/announcements/cancel', form)).statusCode).toBe(303);
    const before = count();
    const again = await s.post(`/staff/announcements/${kind}`, { ...form, reason: 'Second try', ...fields });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('withdraw the earlier change first');
    expect(again.body).toContain('value="Second try"');
    expect(count()).toEqual(before);
    expect((await schedule()).changes).toHaveLength(1);
  });

  it('refuses to move an occurrence a holiday cancelled, and takes a change again once the first is withdrawn', async () => {
    const { s, csrf } = await staff();
    await s.post('/staff/announcements/holiday', { csrf, day: '2026-11-25', reason: 'Diwali' });
    const move = { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', to_day: '2026-11-26', to_time: '10:00' };
    const refused = await s.post('/staff/announcements/move', { ...move, reason: 'Exams' });
    expect([refused.statusCode, refused.body.includes('withdraw the earlier change first')]).toEqual([400, true]);
    const id = (await list())[0]?.announcement_id ?? '';
    await s.post(`/staff/announcements/${id}/withdraw`, { csrf });
    expect((await s.post('/staff/announcements/move', { ...move, reason: 'Exams' })).statusCode).toBe(303);
    expect((await schedule()).schedule).toContain('Thursday 26 Nov: 10:00 AM with Arjun Rao');
  });

  it('withdrawn, a cancellation puts its session back and tells its parents so, in their language, pushed', async () => {
    const phone = await p.subscribe(p.device());
    const { s, csrf } = await staff();
    await s.post('/staff/announcements/cancel', { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', reason: 'Ill' });
    const id = (await list())[0]?.announcement_id ?? '';
    await p.push.drain();
    await service.nextPush(to(phone));

    const withdrawn = await s.post(`/staff/announcements/${id}/withdraw`, { csrf });
    expect(withdrawn.headers.location).toBe('/staff/announcements?done=restored#sent');
    expect((await s.get(withdrawn.headers.location ?? '')).body).toContain('were sent an update saying so');
    expect((await list()).map((a) => a.title)).toEqual(['Session back on']);
    expect((await list(USER, 'hi')).map((a) => a.title)).toEqual(['सेशन होगा']);
    const week = await schedule();
    expect(week.schedule).toContain('4:30 PM with Arjun Rao');
    // Nothing to tell on the schedule, but the event the cancellation cancelled comes back to the calendar.
    expect(week.changes).toEqual([
      {
        announcement_id: id,
        kind: 'restored',
        session: expect.objectContaining({ starts_at: '2026-11-25T16:30:00+05:30', facilitator: 'Arjun Rao' }),
        reason: 'Ill',
      },
    ]);
    // Within a day of the session, it is urgent, as the cancellation was.
    await p.push.drain();
    expect((await service.nextPush(to(phone), 1)).json).toMatchObject({ title: 'Session back on', urgent: true });
  });

  it('refuses to withdraw a move whose usual time has passed and whose new one has not, and keeps it', async () => {
    const { s, csrf } = await staff();
    const move = { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', to_day: '2026-11-26', to_time: '10:00' };
    expect((await s.post('/staff/announcements/move', { ...move, reason: 'Exams' })).statusCode).toBe(303);
    const id = (await list())[0]?.announcement_id ?? '';
    // The session's usual time, Wednesday 4:30 PM, has passed; a staff session that long ago has ended.
    p.clock.now = new Date('2026-11-25T17:00:00+05:30');
    const later = await staffSession(p);
    const refused = await later.post(`/staff/announcements/${id}/withdraw`, { csrf: await later.csrf() });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('withdrawing the move now would take the session off its parents’ schedules');
    expect(p.count('SELECT count(*) FROM announcements WHERE withdrawn_at IS NOT NULL')).toBe(0);
    expect((await schedule()).schedule).toContain('Thursday 26 Nov: 10:00 AM with Arjun Rao');
  });

  it('cancels on a holiday an occurrence moved onto that day: gone from the schedule, no reminder', async () => {
    await p.subscribe(p.device());
    const { s, csrf } = await staff();
    const move = { csrf, slot: '7|23:30|arjun-rao', day: '2026-11-29', to_day: '2026-11-28', to_time: '10:00' };
    expect((await s.post('/staff/announcements/move', { ...move, reason: 'Exams' })).statusCode).toBe(303);
    const holiday = await s.post('/staff/announcements/holiday', { csrf, day: '2026-11-28', reason: 'Bandh' });
    expect(holiday.statusCode).toBe(303);
    const item = (await list()).find((a) => a.title === 'No sessions on Saturday');
    expect(item).toMatchObject({ session: { time: '10:00 AM', facilitator: 'Arjun Rao' } });
    const week = await schedule();
    expect(week.schedule).not.toContain('10:00 AM with Arjun Rao');
    expect(week.schedule).not.toContain('11:30 PM');
    p.clock.now = new Date('2026-11-28T09:00:00+05:30');
    expect(p.push.tick()).toBe(0);
  });

  it('leaves out of a holiday an occurrence moved away from that day, and one already cancelled', async () => {
    const { s, csrf } = await staff();
    const move = { csrf, slot: '3|16:30|arjun-rao', day: '2026-11-25', to_day: '2026-11-26', to_time: '10:00' };
    expect((await s.post('/staff/announcements/move', { ...move, reason: 'Exams' })).statusCode).toBe(303);
    // Only Wednesday's 16:30 was on that day, and it has moved: nothing is left to cancel.
    const nothing = await s.post('/staff/announcements/holiday', { csrf, day: '2026-11-25', reason: 'Diwali' });
    expect([nothing.statusCode, nothing.body.includes('No session on the roster is left on that day.')]).toEqual([
      400,
      true,
    ]);
    await s.post('/staff/announcements/cancel', { csrf, slot: '7|23:30|arjun-rao', day: '2026-11-29', reason: 'Ill' });
    const sunday = await s.post('/staff/announcements/holiday', { csrf, day: '2026-11-29', reason: 'Bandh' });
    expect(sunday.statusCode).toBe(400);
    expect((await schedule()).schedule).toContain('Thursday 26 Nov: 10:00 AM with Arjun Rao');
    expect(p.count('SELECT count(*) FROM session_changes')).toBe(2);
  });

  it('names the date of a change next week and refuses one further ahead', async () => {
    const { s, csrf } = await staff();
    const next = { csrf, slot: '3|16:30|arjun-rao', day: '2026-12-02', reason: 'Far cancel' };
    expect((await s.post('/staff/announcements/cancel', next)).statusCode).toBe(303);
    const [en] = await list(USER, 'en');
    const [hi] = await list(USER, 'hi');
    expect((en as { body?: string } | undefined)?.body).toBe(
      'Wednesday 2 Dec 4:30 PM with Arjun Rao is cancelled: Far cancel',
    );
    expect((hi as { body?: string } | undefined)?.body).toBe(
      'बुधवार, 2 दिसंबर शाम 4:30 का Arjun Rao के साथ सेशन रद्द हो गया है। कारण: Far cancel',
    );
    const before = count();
    for (const [kind, fields] of [
      ['cancel', { slot: '3|16:30|arjun-rao', day: '2027-02-24' }],
      ['move', { slot: '3|16:30|arjun-rao', day: '2026-12-09', to_day: '2026-12-10', to_time: '10:00' }],
      ['holiday', { day: '2026-12-09' }],
    ] as const) {
      const far = await s.post(`/staff/announcements/${kind}`, { csrf, reason: 'Far', ...fields });
      expect([kind, far.statusCode, far.body.includes('this week or next')]).toEqual([kind, 400, true]);
    }
    expect(count()).toEqual(before);
  });

  it.each([
    ['no reason', { slot: '3|16:30|arjun-rao', day: '2026-11-25', reason: '' }, 'Write the reason'],
    [
      'another week',
      { slot: '7|23:30|arjun-rao', day: '2026-11-29', to_day: '2026-11-30', to_time: '10:00' },
      'own week',
    ],
    ['a reason with U+202E', { slot: '3|16:30|arjun-rao', day: '2026-11-25', reason: 'a\u202Eb' }, 'direction'],
  ])('refuses %s and stores nothing', async (_case, fields, problem) => {
    const { s, csrf } = await staff();
    const url = 'to_day' in fields ? '/staff/announcements/move' : '/staff/announcements/cancel';
    const answer = await s.post(url, { csrf, reason: 'Diwali', ...fields });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(problem);
    expect(p.count('SELECT count(*) FROM announcements') + p.count('SELECT count(*) FROM session_changes')).toBe(0);
  });
});
