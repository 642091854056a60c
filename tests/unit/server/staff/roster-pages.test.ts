import { describe, expect, it } from 'vitest';
import { ROSTER_CSV_MAX_BYTES, ROSTER_MAX_SESSIONS } from '../../../../src/shared/roster/format.ts';
import { rosterText } from '../../../../src/shared/roster/messages.ts';
import { WEEKDAYS } from '../../../../src/shared/schedule/weekdays.ts';
import { removalEffects } from '../../../../server/staff/roster-forms.ts';
import { STAFF_COOKIE } from '../../../../server/staff/routes.ts';
import {
  addStaff,
  makeAdmin,
  sessionOf,
  signIn,
  STAFF,
  staffSession,
  type StaffSession,
} from '../../../support/staff.ts';
import { commandOutput } from '../../../support/commands.ts';
import type { TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

let p: TestPortal;
portalPerTest((current) => ({ p } = current));

const HEADER = 'number,name,facilitator,day,time';
const roster = () => p.db.prepare('SELECT number, name FROM parents ORDER BY number').all();
const rosterState = () => JSON.stringify([roster(), p.db.prepare('SELECT * FROM sessions ORDER BY id').all()]);

async function admin(): Promise<StaffSession> {
  await addStaff(p);
  makeAdmin(p);
  return staffSession(p);
}

const upload = async (staff: StaffSession, content: string | Uint8Array) =>
  staff.upload('/staff/roster/import', { csrf: await staff.csrf() }, { field: 'file', name: 'families.csv', content });

const confirmOf = (body: string) => {
  const match = /action="(\/staff\/roster\/import\/[^"]+\/confirm)"[\s\S]*?name="hash" value="([0-9a-f]+)"/.exec(body);
  return { url: match?.[1] ?? '', hash: match?.[2] ?? '' };
};

describe('who may change the roster', () => {
  it('refuses every roster-changing route to staff without the admin role (403), changing nothing', async () => {
    await addStaff(p);
    const staff = await staffSession(p);
    const before = rosterState();
    const csrf = await staff.csrf();
    const routes: [string, string, Record<string, string>][] = [
      ['GET', '/staff/roster/parents/new', {}],
      ['POST', '/staff/roster/parents', { name: 'Asha Verma', number: '9876543210', facilitator: 'meera-nair' }],
      ['GET', '/staff/roster/parents/919000000001/edit', {}],
      ['POST', '/staff/roster/parents/919000000001', { name: 'Renamed', facilitator: 'meera-nair' }],
      ['GET', '/staff/roster/parents/919000000001/remove', {}],
      ['POST', '/staff/roster/parents/919000000001/remove', {}],
      ['GET', '/staff/roster/import', {}],
      ['UPLOAD', '/staff/roster/import', {}],
      ['POST', '/staff/roster/import/some-preview/confirm', { hash: 'ab' }],
    ];
    const answers = [];
    for (const [method, url, fields] of routes) {
      const answer =
        method === 'GET'
          ? await staff.get(url)
          : method === 'UPLOAD'
            ? await upload(staff, `${HEADER}\n9876543210,Asha Verma,meera-nair,,\n`)
            : await staff.post(url, { csrf, ...fields });
      answers.push([method, url, answer.statusCode, answer.body]);
    }
    const refused = 'Only staff with the admin role can change the roster: an admin can promote your account.';
    expect(answers).toEqual(routes.map(([method, url]) => [method, url, 403, refused]));
    expect(rosterState()).toBe(before);
  });

  it('refuses an upload from staff without the admin role (403) before reading it, however large or malformed', async () => {
    await addStaff(p);
    const staff = await staffSession(p);
    const refused = [403, 'Only staff with the admin role can change the roster: an admin can promote your account.'];
    const oversized = await upload(staff, 'x'.repeat(ROSTER_CSV_MAX_BYTES + 100 * 1024));
    const cookie = `${STAFF_COOKIE}=${sessionOf(await signIn(p, STAFF.email, STAFF.password))}`;
    const malformed = await p.app.inject({
      method: 'POST',
      url: '/staff/roster/import',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=b' },
      payload: 'not a multipart body',
    });
    expect([oversized, malformed].map((answer) => [answer.statusCode, answer.body])).toEqual([refused, refused]);
    // Without a body's CSRF token too: the role is checked first, on every POST that changes the roster.
    const posts = [
      '/staff/roster/parents',
      '/staff/roster/parents/919000000001',
      '/staff/roster/parents/919000000001/remove',
      '/staff/roster/import',
      '/staff/roster/import/some-preview/confirm',
    ];
    const bodiless = await Promise.all(posts.map((url) => p.app.inject({ method: 'POST', url, headers: { cookie } })));
    expect(bodiless.map((answer) => [answer.statusCode, answer.body])).toEqual(posts.map(() => refused));
    const anonymous = await p.app.inject({
      method: 'POST',
      url: '/staff/roster/import',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: 'x'.repeat(ROSTER_CSV_MAX_BYTES + 100 * 1024),
    });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/staff/sign-in']);
  });

  it('shows the roster to every staff member, the ways to change it to admins only', async () => {
    await addStaff(p);
    const staff = await staffSession(p);
    const page = (await staff.get('/staff/roster')).body;
    expect(page).toContain('<bdi>Test Parent</bdi></a>, <a href="tel:+919000000001">+91 90000 00001</a>');
    expect(page).toContain('Weekly sessions: Monday 09:00, Wednesday 10:15, Wednesday 16:30 with <bdi>Arjun Rao</bdi>');
    expect(page).toContain('Slack channel: #facilitator-arjun-rao');
    expect(page).toContain('Only staff with the admin role can change the roster');
    expect(page).not.toContain('Add a parent');
    makeAdmin(p);
    expect((await staff.get('/staff/roster')).body).toContain('<a href="/staff/roster/parents/new">Add a parent</a>');
    const found = (await staff.get('/staff/roster?q=90000%2000002')).body;
    expect([found.includes('Quiet Parent'), found.includes('Test Parent')]).toEqual([true, false]);
  });

  it.each(['090000 00001', '+91 90000-00001', '919000000001', '(90000) 00001', '00001'])(
    'finds a parent by their number written %j, whole in any form the roster reads or in part',
    async (search) => {
      await addStaff(p);
      const staff = await staffSession(p);
      const found = (await staff.get(`/staff/roster?q=${encodeURIComponent(search)}`)).body;
      expect([found.includes('Test Parent'), found.includes('Quiet Parent')]).toEqual([true, false]);
    },
  );

  it('gives the admin role with npm run staff -- add --admin, and to an existing account with promote', async () => {
    await addStaff(p);
    const run = (...args: string[]) =>
      commandOutput('staff', args, { DATABASE_PATH: p.config.databasePath, STAFF_PASSWORD: 'a long enough password' });
    expect(await run('add', 'priya@thrive.example', '--admin')).toBe(
      'Staff account priya@thrive.example added, with the admin role: sign in at /staff\n',
    );
    expect(await run('promote', STAFF.email)).toBe(`${STAFF.email} has the admin role: it may change the roster\n`);
    expect(p.db.prepare('SELECT email, admin FROM staff ORDER BY email').all()).toEqual([
      { email: STAFF.email, admin: 1 },
      { email: 'priya@thrive.example', admin: 1 },
    ]);
  }, 30_000);
});

describe('a parent by hand', () => {
  it('refuses a form naming each wrong field, shows what was typed, and takes a number only once', async () => {
    const staff = await admin();
    const csrf = await staff.csrf();
    const typed = { csrf, number: '12345', name: '  ', facilitator: 'nobody', day_0: 'Wednsday', time_0: '25:00' };
    const refused = await staff.post('/staff/roster/parents', typed);
    expect(refused.statusCode).toBe(400);
    for (const text of [
      'The number “12345” is not a phone number',
      'The name is missing.',
      'There is no facilitator “nobody”',
      'The day “Wednsday” is not a day of the week',
      'The time “25:00” is not a time of day',
      'value="12345"',
      'value="25:00"',
      '<option value="Wednsday" selected>Wednsday</option>',
      'aria-describedby="time_0-problem"',
    ]) {
      expect(refused.body).toContain(text);
    }
    const again = await staff.post('/staff/roster/parents', {
      csrf,
      ...{ number: '+91 90000 00001', name: 'Asha', facilitator: 'arjun-rao' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This number is already on the roster, as “Test Parent”: one number, one parent.');
    expect(roster()).toHaveLength(2);

    const added = await staff.post('/staff/roster/parents', {
      csrf,
      number: '098765 43210',
      name: 'Asha Verma',
      facilitator: 'arjun-rao',
      day_0: 'Friday',
      time_0: '9:30',
    });
    expect(added.headers.location).toBe('/staff/roster?done=added');
    const page = (await staff.get('/staff/roster?done=added')).body;
    expect(page).toContain('The parent was added to the roster.');
    expect(page).toContain(
      'Meera Nair &lt;meera@thrive.example&gt;</bdi>: added</p>\n<p class="text" dir="auto">Asha Verma (+919876543210), facilitator arjun-rao, Friday 09:30 with arjun-rao</p>',
    );
  });
});

describe('editing and removing a parent', () => {
  it('shows and keeps every one of a parent’s weekly sessions, as many as a parent can have', async () => {
    const staff = await admin();
    const csrf = await staff.csrf();
    const sessions = Object.fromEntries(
      Array.from({ length: ROSTER_MAX_SESSIONS }, (_, i) => [
        [`day_${i}`, WEEKDAYS[i % WEEKDAYS.length] ?? 'Monday'],
        [`time_${i}`, `${8 + Math.floor(i / WEEKDAYS.length)}:00`],
      ]).flat(),
    );
    const parent = { csrf, name: 'Asha Verma', facilitator: 'meera-nair', ...sessions };
    const added = await staff.post('/staff/roster/parents', { ...parent, number: '9876543210' });
    expect(added.headers.location).toBe('/staff/roster?done=added');
    const form = (await staff.get('/staff/roster/parents/919876543210/edit')).body;
    expect(form.match(/<fieldset>/g)).toHaveLength(ROSTER_MAX_SESSIONS);
    const saved = await staff.post('/staff/roster/parents/919876543210', { ...parent, name: 'Asha V.' });
    expect(saved.headers.location).toBe('/staff/roster?done=changed');
    expect(p.count("SELECT count(*) FROM sessions WHERE parent_number = '+919876543210'")).toBe(ROSTER_MAX_SESSIONS);
  });

  it('gives back the form as typed, to add them again, when the parent was removed while it was open', async () => {
    const staff = await admin();
    const csrf = await staff.csrf();
    await staff.post('/staff/roster/parents/919000000002/remove', { csrf });
    const typed = { csrf, name: 'Quiet Parent Renamed', facilitator: 'arjun-rao', day_0: 'Friday', time_0: '18:45' };
    const answer = await staff.post('/staff/roster/parents/919000000002', typed);
    expect(answer.statusCode).toBe(404);
    for (const text of [
      rosterText.parentGone,
      'action="/staff/roster/parents"',
      'value="+91 90000 00002"',
      'value="Quiet Parent Renamed"',
      '<option value="Friday" selected>Friday</option>',
      'value="18:45"',
    ]) {
      expect(answer.body).toContain(text);
    }
    const again = await staff.post('/staff/roster/parents', { ...typed, number: '+91 90000 00002' });
    expect(again.headers.location).toBe('/staff/roster?done=added');
  });

  it('says what removing a parent does before staff confirm, on the remove page and an import’s preview alike', async () => {
    const staff = await admin();
    const said = [rosterText.removalLead, removalEffects().value];
    const removePage = (await staff.get('/staff/roster/parents/919000000002/remove')).body;
    const removing = (await upload(staff, `${HEADER}\n9000000001,Test Parent,meera-nair,,\n`)).body;
    const before = (page: string, button: string) =>
      said.map((words) => page.indexOf(words)).every((at) => at > 0 && at < page.indexOf(button));
    expect([
      before(removePage, '<button type="submit">Remove'),
      before(removing, '<button type="submit">Apply'),
    ]).toEqual([true, true]);
    const keeping = await upload(
      staff,
      `${HEADER}\n9000000001,Test Parent,meera-nair,,\n9000000002,Quiet,arjun-rao,,\n`,
    );
    expect(keeping.body).toContain('Apply: 0 added, 2 changed, 0 removed');
    expect(keeping.body).not.toContain(rosterText.removalLead);
  });
});

describe('importing a CSV file', () => {
  it('previews refused rows with their lines and applies nothing', async () => {
    const staff = await admin();
    const before = rosterState();
    const file = [
      HEADER,
      '9876543210,Asha Verma,meera-nair,Wednsday,10:00',
      '9812345678,Ravi,Priya,Monday,25:00',
      '',
    ].join('\n');
    const preview = await upload(staff, file);
    expect(preview.body).toContain('0 added, 0 changed, 2 removed, 2 rows refused');
    expect(preview.body).toContain('Line 2: The day “Wednsday” is not a day of the week: write Monday to Sunday.');
    expect(preview.body).toContain('Line 3: There is no facilitator “Priya”');
    expect(preview.body).toContain('Nothing has changed. Correct these rows');
    expect(preview.body).not.toContain('/confirm');
    expect(rosterState()).toBe(before);
  });

  it.each([
    [
      'not UTF-8',
      Uint8Array.from([...Buffer.from(`${HEADER}\n9876543210,Ren`), 0xe9, 0x0a]),
      400,
      'the type “CSV UTF-8”',
    ],
    [
      'with a formula for a name',
      `${HEADER}\n9876543210,"=HYPERLINK(""http://x"")",meera-nair,,\n`,
      200,
      'Line 2: The name “=HYPERLINK',
    ],
    [
      'without a header it needs',
      'number,name\n9876543210,Asha\n',
      400,
      'The header row has no facilitator, day, time columns',
    ],
    ['over 10 MB', 'x'.repeat(ROSTER_CSV_MAX_BYTES + 1), 400, 'The file is larger than 10 MB'],
    ['far over 10 MB', 'x'.repeat(ROSTER_CSV_MAX_BYTES + 100 * 1024), 413, 'The file is larger than 10 MB'],
    ['empty (0 bytes)', '', 400, rosterText.empty],
    ['of a byte-order mark alone', '\uFEFF', 400, rosterText.empty],
  ])('tells a file %s, changing nothing', async (_case, content, status, text) => {
    const staff = await admin();
    const before = rosterState();
    const answer = await upload(staff, content);
    expect([answer.statusCode, answer.body.includes(text)]).toEqual([status, true]);
    expect(rosterState()).toBe(before);
  });

  it('asks for a file when the form is sent with none chosen', async () => {
    const staff = await admin();
    const none = await staff.upload(
      '/staff/roster/import',
      { csrf: await staff.csrf() },
      { field: 'file', name: '', content: '' },
    );
    expect([none.statusCode, none.body.includes('Choose a CSV file to import.')]).toEqual([400, true]);
  });

  it('exports the CSV it imports: the export imported again changes nothing, and no cell is a formula', async () => {
    const staff = await admin();
    const exported = await staff.get('/staff/roster/roster.csv');
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="roster.csv"');
    expect(exported.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFnumber,name,facilitator,day,time,session_facilitator',
      "'+919000000002,Quiet Parent,arjun-rao,,,",
      "'+919000000001,Test Parent,meera-nair,Monday,09:00,",
    ]);
    const preview = await upload(staff, exported.body);
    expect(preview.body).toContain('0 added, 0 changed, 0 removed, 0 rows refused; 2 unchanged.');
    expect((await staff.get('/staff/roster/template.csv')).body).toBe(
      '\uFEFFnumber,name,facilitator,day,time,session_facilitator\r\n',
    );
  });

  it('applies a preview only to the roster it was made from, with the file it was made of', async () => {
    const staff = await admin();
    const csrf = await staff.csrf();
    const file = `${HEADER}\n9000000001,Test Parent,meera-nair,Friday,18:00\n9876543210,Asha Verma,meera-nair,,\n`;
    const first = confirmOf((await upload(staff, file)).body);
    expect((await staff.post(first.url, { csrf, hash: 'f'.repeat(64) })).statusCode).toBe(410);
    await staff.post('/staff/roster/parents/919000000002', { csrf, name: 'Quiet Parent', facilitator: 'meera-nair' });
    const before = rosterState();
    const stale = await staff.post(first.url, { csrf, hash: first.hash });
    expect([stale.statusCode, stale.body.includes('The roster changed after this preview')]).toEqual([409, true]);
    expect(rosterState()).toBe(before);

    const previewed = (await upload(staff, file)).body;
    expect(previewed).toContain('1 added, 1 changed, 1 removed, 0 rows refused; 0 unchanged.');
    expect(previewed).toContain(
      '<li>Test Parent (+919000000001): sessions Monday 09:00 with meera-nair, Wednesday 10:15 with meera-nair, Wednesday 16:30 with arjun-rao, Sunday 23:30 with arjun-rao → Friday 18:00 with meera-nair</li>',
    );
    const fresh = confirmOf(previewed);
    expect((await staff.post(fresh.url, { csrf, hash: fresh.hash })).headers.location).toBe(
      '/staff/roster?done=imported',
    );
    expect(roster()).toEqual([
      { number: '+919000000001', name: 'Test Parent' },
      { number: '+919876543210', name: 'Asha Verma' },
    ]);
    expect((await staff.post(fresh.url, { csrf, hash: fresh.hash })).statusCode).toBe(410);
  });
});
