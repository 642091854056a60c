import { describe, expect, it } from 'vitest';
import { QUIET_PARENT } from '../../../support/conversation.ts';
import { chat, knowSchedule, TEST_PARENT } from '../../../support/envelopes.ts';
import type { FakePushService } from '../../../support/fake-push-service.ts';
import { addStaff, makeAdmin, staffSession, type StaffSession } from '../../../support/staff.ts';
import { pushPortalPerTest, QUIET_PARENT_NUMBER, type PushPortal } from '../push/push-portal.ts';

let service: FakePushService;
let p: PushPortal;
pushPortalPerTest((current) => ({ p, service } = current));

/** 200 parents as a spreadsheet holds them: the two the test roster has, and 198 more, numbers typed every way. */
function rosterOf200(): string {
  const lines = [
    '\uFEFFName,Number,Facilitator,Day,Time,Session facilitator',
    'Test Parent,+91 90000-00001,Meera Nair,Monday,09:00,',
    'Test Parent,+91 90000-00001,Meera Nair,Wednesday,10:15,',
    'Test Parent,+91 90000-00001,Meera Nair,Wednesday,16:30,Arjun Rao',
    'Test Parent,+91 90000-00001,Meera Nair,Sunday,23:30,arjun-rao',
    'Quiet Parent,090000 00002,arjun-rao,,,',
    '',
  ];
  for (let i = 1; i <= 198; i += 1) {
    const digits = `98${String(i).padStart(8, '0')}`;
    const spelling = [
      digits,
      `0${digits.slice(0, 5)} ${digits.slice(5)}`,
      `+91 ${digits.slice(0, 5)}-${digits.slice(5)}`,
    ][i % 3];
    lines.push(
      `"Parent ${i}, Family",${spelling},${i % 2 ? 'meera-nair' : 'Arjun Rao'},${['Monday', 'Thursday'][i % 2]},${String(8 + (i % 10)).padStart(2, '0')}:00,`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function importCsv(staff: StaffSession, csv: string) {
  const csrf = await staff.csrf();
  const preview = await staff.upload(
    '/staff/roster/import',
    { csrf },
    { field: 'file', name: 'roster.csv', content: csv },
  );
  expect(preview.statusCode).toBe(200);
  const confirm = /action="(\/staff\/roster\/import\/[^"]+\/confirm)"[\s\S]*?name="hash" value="([0-9a-f]+)"/.exec(
    preview.body,
  );
  return { preview, confirm: () => staff.post(confirm?.[1] ?? '', { csrf, hash: confirm?.[2] ?? '' }) };
}

const schedule = async (user = TEST_PARENT) => {
  const answer = await p.post(knowSchedule(user));
  return answer.statusCode === 200 ? (answer.json() as { schedule: string }).schedule : answer.statusCode;
};

describe('the roster in the programme’s hands', () => {
  it('imports 200 parents, changes a session and removes a parent: each takes effect at once, messages stay', async () => {
    await addStaff(p);
    makeAdmin(p);
    const staff = await staffSession(p);
    const testDevice = p.device();
    const testSubscription = await service.subscribe({ applicationServerKey: p.push.publicKey });
    expect(
      (await p.post({ action: 'push_subscribe', payload: { subscription: testSubscription.json } }, testDevice))
        .statusCode,
    ).toBe(200);
    const quietDevice = p.device(QUIET_PARENT_NUMBER);
    await p.subscribe(quietDevice);
    expect((await p.post({ ...chat('See you Thursday', []), user: QUIET_PARENT })).statusCode).toBe(200);

    const { preview, confirm } = await importCsv(staff, rosterOf200());
    expect(preview.body).toContain('198 added, 0 changed, 0 removed, 0 rows refused; 2 unchanged.');
    expect((await confirm()).headers.location).toBe('/staff/roster?done=imported');
    expect(p.count('SELECT count(*) FROM parents')).toBe(200);
    expect(p.count('SELECT count(*) FROM sessions')).toBe(4 + 198);
    expect(await schedule({ name: 'Parent 7, Family', number: '9800000007' })).toBe(
      'Thursday 26 Nov: 3:00 PM with Meera Nair',
    );

    // One session moves: Wednesday 16:30 becomes 17:30.
    const csrf = await staff.csrf();
    const moved = await staff.post('/staff/roster/parents/919000000001', {
      csrf,
      name: 'Test Parent',
      facilitator: 'meera-nair',
      ...{ day_0: 'Monday', time_0: '09:00', session_facilitator_0: '' },
      ...{ day_1: 'Wednesday', time_1: '10:15', session_facilitator_1: '' },
      ...{ day_2: 'Wednesday', time_2: '17:30', session_facilitator_2: 'arjun-rao' },
      ...{ day_3: 'Sunday', time_3: '23:30', session_facilitator_3: 'arjun-rao' },
    });
    expect(moved.headers.location).toBe('/staff/roster?done=changed');
    expect(await schedule()).toBe('Wednesday 25 Nov: 5:30 PM with Arjun Rao\nSunday 29 Nov: 11:30 PM with Arjun Rao');
    p.clock.now = new Date('2026-11-25T15:30:00+05:30');
    expect(p.push.tick()).toBe(0);
    p.clock.now = new Date('2026-11-25T16:30:00+05:30');
    expect(p.push.tick()).toBe(1);
    await p.push.drain();
    const reminder = await service.nextPush((sent) => sent.subscriptionId === testSubscription.id);
    expect(reminder.json).toMatchObject({ kind: 'reminder', session: { time: '5:30 PM' } });

    // One parent leaves (four hours on, staff sign in again).
    const later = await staffSession(p);
    const confirmPage = await later.get('/staff/roster/parents/919000000002/remove');
    expect(confirmPage.body).toContain('ends their sign-in at once');
    expect(confirmPage.body).toContain('keeps their requests and messages');
    const removed = await later.post('/staff/roster/parents/919000000002/remove', { csrf: await later.csrf() });
    expect(removed.headers.location).toBe('/staff/roster?done=removed');
    expect(await schedule(QUIET_PARENT)).toBe(404);
    expect((await p.post({ action: 'chat_thread' }, quietDevice)).statusCode).toBe(401);
    expect(p.count('SELECT count(*) FROM push_subscriptions WHERE number_key = ?', QUIET_PARENT_NUMBER)).toBe(0);
    expect(p.count('SELECT count(*) FROM parent_tokens WHERE number_key = ?', QUIET_PARENT_NUMBER)).toBe(0);
    expect((await later.get('/staff/conversations/919000000002')).body).toContain('See you Thursday');
    expect(p.count('SELECT count(*) FROM parents')).toBe(199);
    // The other parents' devices are untouched.
    expect(p.count('SELECT count(*) FROM push_subscriptions')).toBe(1);

    const page = (await later.get('/staff/roster')).body;
    expect(page).toContain('Parents (199)');
    expect(page).toContain('Quiet Parent (+919000000002), facilitator arjun-rao, no weekly session');
    expect(page).toContain('Test Parent (+919000000001): sessions');
    expect(page).toContain('roster.csv (SHA-256 ');
    expect(page.match(/<li class="card"><p class="meta">/g)).toHaveLength(50);
  });
});
