import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../../server/staff/rules.ts';
import { commandOutput, runCommand } from '../../../support/commands.ts';
import { addStaff, signIn, STAFF, staffSession } from '../../../support/staff.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

/**
 * Staff sign-in is throttled per address and per address and account
 * together (ASVS 2.2.1), never per account alone: nobody can lock a
 * facilitator out by typing wrong passwords for their email from elsewhere.
 */
const MINUTE_MS = 60_000;
const OFFICE = '198.51.100.20';
const STRANGER = '203.0.113.50';

let p: TestPortal;
beforeEach(async () => {
  p = await startTestPortal();
  await addStaff(p);
});
afterEach(async () => {
  await p.dispose();
});

const later = (ms: number) => {
  p.clock.now = new Date(p.clock.now.getTime() + ms);
};
const attempt = async (email: string, password: string, address: string) => {
  const response = await signIn(p, email, password, {}, address);
  const alert = /role="alert">([^<]*)</.exec(response.body)?.[1];
  return `${response.statusCode}${alert ? ` ${alert}` : ''}`;
};

describe('staff sign-in limits', { timeout: 20_000 }, () => {
  it('never refuses the right password because of failures from another address', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 5; i += 1) await attempt(STAFF.email, 'wrong password', `203.0.113.${round}`);
      later(MINUTE_MS);
    }
    expect(await attempt(STAFF.email, STAFF.password, OFFICE)).toBe('303');
  });

  it('holds back one address and account after 5 failures for 15 minutes, the right password included', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await attempt(STAFF.email, 'wrong password', STRANGER));
    expect(answers).toEqual(Array(5).fill('401 The email or password is not right.'));
    const held = 'Too many failed sign-ins for this email from this address. Try again in 15 minutes.';
    expect(await attempt(STAFF.email, STAFF.password, STRANGER)).toBe(`429 ${held}`);
    // Another account from the same address, and the same account from another address, are not held back.
    expect(await attempt('other@thrive.example', 'wrong password', STRANGER)).toBe(
      '401 The email or password is not right.',
    );
    expect(await attempt(STAFF.email, STAFF.password, OFFICE)).toBe('303');
    later(15 * MINUTE_MS);
    expect(await attempt(STAFF.email, STAFF.password, STRANGER)).toBe('303');
  });

  it('holds back an address after 20 failures in 15 minutes, whatever the accounts', async () => {
    // Accounts with light hashes: an email with no account is checked against a full-cost decoy, slow in a test.
    for (let minute = 0; minute < 4; minute += 1) {
      await addStaff(p, { email: `guess${minute}@thrive.example`, name: `Guess ${minute}`, password: 'not this one' });
    }
    for (let minute = 0; minute < 4; minute += 1) {
      for (let i = 0; i < 5; i += 1) await attempt(`guess${minute}@thrive.example`, 'wrong password', STRANGER);
      later(MINUTE_MS);
    }
    expect(await attempt(STAFF.email, STAFF.password, STRANGER)).toBe(
      '429 Too many failed sign-ins from this address. Try again in 15 minutes.',
    );
    expect(await attempt(STAFF.email, STAFF.password, OFFICE)).toBe('303');
  });

  it('limits an address to 10 attempts a minute, right or wrong, before any password is checked', async () => {
    for (let i = 0; i < 10; i += 1) expect(await attempt(STAFF.email, STAFF.password, OFFICE)).toBe('303');
    const limited = await signIn(p, STAFF.email, STAFF.password, {}, OFFICE);
    expect([limited.statusCode, limited.body]).toEqual([
      429,
      'Too many requests from this address. Please wait a minute and try again.',
    ]);
    later(MINUTE_MS);
    expect(await attempt(STAFF.email, STAFF.password, OFFICE)).toBe('303');
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes without a request, as well as 12 hours after sign-in', async () => {
    const staff = await staffSession(p);
    for (let i = 0; i < 3; i += 1) {
      later(29 * MINUTE_MS);
      expect((await staff.get('/staff')).statusCode).toBe(200);
    }
    later(30 * MINUTE_MS);
    const idle = await staff.get('/staff');
    expect([idle.statusCode, idle.headers.location]).toEqual([303, '/staff/sign-in']);

    const busy = await staffSession(p);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      later(20 * MINUTE_MS);
      expect((await busy.get('/staff')).statusCode).toBe(200);
    }
    later(20 * MINUTE_MS);
    expect((await busy.get('/staff')).statusCode).toBe(303);
  });
});

describe('staff passwords', () => {
  it.each([
    ['Password@1234'],
    ['password1234'],
    ['welcome12345'],
    ['123456789012'],
    ['qwertyuiop123'],
    ['1q2w3e4r5t6y'],
    ['aaaaaaaaaaaa'],
    ['iloveyou2026!'],
    ['Thrive@2026!!'],
    ['priya@thrive.example'],
    ['Priya Sharma 1'],
  ])('refuses a common or guessable one: %j', (password) => {
    expect(passwordProblem(password, { email: 'priya@thrive.example', name: 'Priya Sharma' })).toBe(
      'This password is too common or too easy to guess: choose another (a few unrelated words work well)',
    );
  });

  it.each([['correct horse battery'], ['mango-river-kite-42'], ['Tq8#vLz2!pWm']])('accepts %j', (password) => {
    expect(passwordProblem(password, { email: 'priya@thrive.example', name: 'Priya Sharma' })).toBeUndefined();
  });

  it('npm run staff -- add refuses a common password and makes no account', { timeout: 30_000 }, async () => {
    const add = ['add', 'priya@thrive.example', '--name', 'Priya Sharma'];
    const run = await runCommand('staff', add, {
      DATABASE_PATH: p.config.databasePath,
      STAFF_PASSWORD: 'Password@1234',
    });
    expect([run.status, run.stderr]).toEqual([
      2,
      'This password is too common or too easy to guess: choose another (a few unrelated words work well)\n',
    ]);
    expect(p.count("SELECT count(*) FROM staff WHERE email = 'priya@thrive.example'")).toBe(0);
    // A good one is taken.
    await commandOutput('staff', add, { DATABASE_PATH: p.config.databasePath, STAFF_PASSWORD: 'mango-river-kite-42' });
    expect(p.count("SELECT count(*) FROM staff WHERE email = 'priya@thrive.example'")).toBe(1);
  });
});
